/**
 * What the server writes into /boek/{slug} (docs/architecture/web-client.md#public-pages): the answers of the
 * public event, its fields and the first month's availability, so the wizard draws its first screen
 * without waiting on the API. A `<script type="application/json">` block: data, never run, so the CSP
 * needs no nonce.
 */
import type { MonthAvailabilityDto, PublicEvent, PublicField } from './public-booking';

/** The id of the data block in the page. */
export const BOOKING_PAGE_DATA_ID = 'booking-page-data';

export interface BookingPageData {
  slug: string;
  /** GET /api/public/events/{slug}. */
  event: PublicEvent;
  /** GET /api/public/events/{slug}/fields. */
  fields: PublicField[];
  /** GET /api/public/events/{id}/availability?month={month}: the month the date step opens on, any agenda. */
  availability: { month: string; agendaId: null; data: MonthAvailabilityDto };
}

import type { QueryClient } from '@tanstack/react-query';
import { BOOKING_PAGE_DATA_ID, type BookingPageData } from '@contracts/booking-page-data';
import { getMonthAvailabilityQueryOptions } from '../api/get-month-availability';
import { publicEventQueryKey } from '../api/get-public-event';
import { publicFieldsQueryKey } from '../api/get-public-fields';

/**
 * Puts the answers the server wrote into /boek/{slug} (docs/architecture/web-client.md#public-pages) into the
 * query cache, so the page draws the event, the progress and the first month's days at once instead
 * of after three API round trips. Read once: the block is removed, and a later visit of another slug
 * in the same tab loads through the API as before. They count as fresh from now on, like an answer.
 */
export function seedBookingPage(client: QueryClient, slug: string): void {
  const block = document.getElementById(BOOKING_PAGE_DATA_ID);
  if (!block) return;
  block.remove();
  let data: BookingPageData;
  try {
    data = JSON.parse(block.textContent ?? '') as BookingPageData;
  } catch {
    return; // The API still answers; the page then loads as without the block.
  }
  if (data.slug !== slug) return;
  client.setQueryData(publicEventQueryKey(slug), data.event);
  client.setQueryData(publicFieldsQueryKey(slug), data.fields);
  const { month, agendaId } = data.availability;
  client.setQueryData(
    getMonthAvailabilityQueryOptions(data.event.id, month, agendaId).queryKey,
    data.availability.data,
  );
}

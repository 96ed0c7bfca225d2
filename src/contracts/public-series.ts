/**
 * Contracts of a customer's appointment series (docs/PRODUCT.md#series): POST /api/public/bookings
 * with `series`, and the manage link's scope. Apart from public-booking.ts so the booking page's
 * first load carries none of it; `zod/mini` like the booking page's contracts.
 */
import * as z from 'zod/mini';
import { SERIES_MAX_COUNT, SERIES_MIN_COUNT } from '@core/series';
import { SERIES_SCOPES } from './enums';
import { nlPublicSeries } from './messages-public-series';
import { createdBooking, publicBooking, publicBookingBody } from './public-booking';

const s = nlPublicSeries.publicSeries;

/** A new booking that repeats weekly `count` times; the service's seriesOptions must offer the count. */
export const publicSeriesBookingBody = z.extend(publicBookingBody, {
  series: z.optional(
    z.object({
      every: z.literal('1w', { error: s.notOffered }),
      count: z
        .number({ error: s.notOffered })
        .check(
          z.int({ error: s.notOffered }),
          z.gte(SERIES_MIN_COUNT, s.notOffered),
          z.lte(SERIES_MAX_COUNT, s.notOffered),
        ),
    }),
  ),
});
export type PublicSeriesBookingBody = z.infer<typeof publicSeriesBookingBody>;

/** The answer: the first occurrence as a single booking's, and with a series every occurrence in order. */
export const createdSeriesBooking = z.extend(createdBooking, {
  series: z.optional(z.array(publicBooking)),
});
export type CreatedSeriesBooking = z.infer<typeof createdSeriesBooking>;

/** ?scope= of the manage link's cancel and move. */
export const publicScopeQuery = z.object({
  scope: z.optional(z.enum(SERIES_SCOPES, { error: s.scopeInvalid })),
});

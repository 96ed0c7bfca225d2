/**
 * Contracts of a customer's appointment series (docs/PRODUCT.md#series): POST /api/public/bookings
 * with `series`, and the manage link's scope. Apart from public-booking.ts so the booking page's
 * first load carries none of it; `zod/mini` like the booking page's contracts.
 */
import * as z from 'zod/mini';
import { SERIES_MAX_COUNT, SERIES_MIN_COUNT } from '@core/series';
import { SERIES_SCOPES } from './enums';
import { nlPublicSeries } from './messages-public-series';
import {
  createdBooking,
  createPaymentIntentBody,
  paymentIntentCreated,
  paymentQuote,
  paymentQuoteBody,
  publicBooking,
  publicBookingBody,
} from './public-booking';

const s = nlPublicSeries.publicSeries;

/** Weekly, `count` times; the service's seriesOptions must offer the count (the server checks that). */
export const seriesRequest = z.object({
  every: z.literal('1w', { error: s.notOffered }),
  count: z
    .number({ error: s.notOffered })
    .check(
      z.int({ error: s.notOffered }),
      z.gte(SERIES_MIN_COUNT, s.notOffered),
      z.lte(SERIES_MAX_COUNT, s.notOffered),
    ),
});
export type SeriesRequest = z.infer<typeof seriesRequest>;

/** A new booking that repeats weekly `count` times; the service's seriesOptions must offer the count. */
export const publicSeriesBookingBody = z.extend(publicBookingBody, { series: z.optional(seriesRequest) });
export type PublicSeriesBookingBody = z.infer<typeof publicSeriesBookingBody>;

/**
 * A paid series (docs/PRODUCT.md#series) is paid in one payment: the quote with `series` is for the
 * whole series (each occurrence's price or deposit, summed) and says how many times it counted.
 */
export const seriesPaymentQuoteBody = z.extend(paymentQuoteBody, { series: z.optional(seriesRequest) });
export type SeriesPaymentQuoteBody = z.infer<typeof seriesPaymentQuoteBody>;
export const seriesPaymentQuote = z.extend(paymentQuote, { occurrences: z.optional(z.number()) });
export type SeriesPaymentQuote = z.infer<typeof seriesPaymentQuote>;

/** Holding every occurrence of a paid series at once, for one payment of the sum. */
export const seriesPaymentIntentBody = z.extend(createPaymentIntentBody, {
  series: z.optional(seriesRequest),
});
export type SeriesPaymentIntentBody = z.infer<typeof seriesPaymentIntentBody>;
/** The hold's answer; with a series every held occurrence in order (the first one's token is the hold's). */
export const seriesPaymentIntentCreated = z.extend(paymentIntentCreated, {
  series: z.optional(z.array(publicBooking)),
});
export type SeriesPaymentIntentCreated = z.infer<typeof seriesPaymentIntentCreated>;

/** The answer: the first occurrence as a single booking's, and with a series every occurrence in order. */
export const createdSeriesBooking = z.extend(createdBooking, {
  series: z.optional(z.array(publicBooking)),
});
export type CreatedSeriesBooking = z.infer<typeof createdSeriesBooking>;

/** ?scope= of the manage link's cancel and move. */
export const publicScopeQuery = z.object({
  scope: z.optional(z.enum(SERIES_SCOPES, { error: s.scopeInvalid })),
});

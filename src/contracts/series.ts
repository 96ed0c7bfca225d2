/**
 * Appointment series (docs/PRODUCT.md#series): the owner's check and booking of every date of a
 * series, and what each date's verdict says.
 */
import { z } from 'zod';
import { OWNER_BOOKING_WARNINGS, seriesProblem, SERIES_MAX_COUNT } from '@core/index';
import { createdBookingDto, manualCustomerFields } from './bookings';
import { SERIES_EVERY, SERIES_REFUSALS, SERIES_SCOPES } from './enums';
import { nl } from './messages';
import { dateString, timeString } from './schedule';

const m = nl.series;

/** One date of the series moved to another date and time (the dialog's 'Verplaatsen'). */
const seriesMove = z.object({ from: dateString, date: dateString, time: timeString });

const seriesFields = {
  eventId: z.uuid({ error: nl.manualBookings.serviceRequired }),
  agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
  /** The first occurrence: its date and the wall-clock time every occurrence keeps. */
  date: dateString,
  time: timeString,
  every: z.enum(SERIES_EVERY, { error: m.everyInvalid }),
  count: z.number({ error: m.countInvalid }).int(m.countInvalid).optional(),
  until: dateString.optional(),
  /** Dates of the series moved one by one; checked and booked at their new date and time. */
  moves: z.array(seriesMove).max(SERIES_MAX_COUNT).optional(),
};

type SeriesShape = { date: string; every: (typeof SERIES_EVERY)[number]; count?: number; until?: string };

/** Exactly one of count and until, and a series of 2–52 dates (core seriesProblem). */
function checkSeriesEnd(v: SeriesShape, ctx: z.RefinementCtx) {
  if ((v.count === undefined) === (v.until === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['count'], message: m.endRequired });
    return;
  }
  const end = v.count !== undefined ? { count: v.count } : { until: v.until! };
  const problem = seriesProblem(v.date, v.every, end);
  if (problem === 'count') ctx.addIssue({ code: 'custom', path: ['count'], message: m.countInvalid });
  if (problem === 'until') ctx.addIssue({ code: 'custom', path: ['until'], message: m.untilInvalid });
}

/** POST /api/bookings/series/check: every date of the series judged before any is booked. */
export const seriesCheckBody = z.object(seriesFields).superRefine(checkSeriesEnd);
export type SeriesCheckBody = z.input<typeof seriesCheckBody>;

/**
 * One date of the series: `free` when nothing stands in the way; `refusal` when it cannot be booked
 * (its time is taken, or does not exist that day); `warnings` what a customer would be refused by
 * and the owner may overrule, as with a manual booking (Dutch in nl.manualBookings.warnings).
 */
export const seriesOccurrenceDto = z.object({
  /** The date the rule gives; a moved one is booked at `date` and `time`. */
  planned: z.string(),
  date: z.string(),
  time: z.string(),
  moved: z.boolean(),
  free: z.boolean(),
  refusal: z.enum(SERIES_REFUSALS).nullable(),
  warnings: z.array(z.enum(OWNER_BOOKING_WARNINGS)),
});
export type SeriesOccurrenceDto = z.infer<typeof seriesOccurrenceDto>;
export const seriesCheckDto = z.object({ occurrences: z.array(seriesOccurrenceDto) });
export type SeriesCheckDto = z.infer<typeof seriesCheckDto>;

/**
 * POST /api/bookings/series: the series booked in one transaction, but for the dates in `skip` (by
 * their planned date). A date still refused refuses the whole (409), nothing is written.
 */
export const createSeriesBody = z
  .object({
    ...seriesFields,
    skip: z.array(dateString).max(SERIES_MAX_COUNT).optional(),
    ...manualCustomerFields,
  })
  .superRefine(checkSeriesEnd)
  .refine((b) => !b.notifyCustomer || Boolean(b.customerEmail), {
    path: ['customerEmail'],
    message: nl.manualBookings.notifyNeedsEmail,
  });
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

export const createdSeriesDto = z.object({
  seriesId: z.string(),
  bookings: z.array(createdBookingDto),
});
export type CreatedSeriesDto = z.infer<typeof createdSeriesDto>;

/** ?scope= of a cancel or move of one occurrence: this one (default) or this and all later ones. */
export const seriesScopeQuery = z.object({
  scope: z.enum(SERIES_SCOPES, { error: m.scopeInvalid }).default('this'),
});

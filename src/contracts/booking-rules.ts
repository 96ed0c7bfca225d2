import { z } from 'zod';
import { NO_RULES, parseTime, RULE_LIMITS, type BookingRules } from '@core/index';
import { nl } from './messages';
import { dateString, timeString } from './schedule';

/** The booking rules of events and templates (docs/PRODUCT.md#booking-rules): one schema for both. */
const m = nl.eventRules;
const L = RULE_LIMITS;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

// Discriminated by `closed`: a row with hours reports its own field's message
// ('dateOverrides.0.endTime') instead of the union's 'Invalid input'.
export const dateOverrideSchema = z.discriminatedUnion('closed', [
  z.object({ date: dateString, closed: z.literal(true) }),
  z
    .object({
      date: dateString,
      closed: z.literal(false).optional(),
      startTime: timeString,
      endTime: timeString,
    })
    .refine((o) => parseTime(o.endTime)! > parseTime(o.startTime)!, {
      message: m.overrideTimes,
      path: ['endTime'],
    })
    .transform(({ date, startTime, endTime }) => ({ date, startTime, endTime })),
]);

export const dateOverridesSchema = z
  .array(dateOverrideSchema)
  .max(L.maxDateOverrides, m.tooManyOverrides)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((o, i) => {
      if (seen.has(o.date)) ctx.addIssue({ code: 'custom', path: [i, 'date'], message: m.overrideDuplicate });
      seen.add(o.date);
    });
  })
  .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date)));

/** Every rule optional: left out on create, the rule is off (NO_RULES); left out of a PATCH, unchanged. */
export const bookingRulesFields = {
  minimumNoticeMinutes: whole(0, L.maxNoticeMinutes, m.noticeInvalid).optional(),
  bookingHorizonDays: whole(L.horizonDays.min, L.horizonDays.max, m.horizonInvalid).nullable().optional(),
  bufferBeforeMinutes: whole(L.bufferMinutes.min, L.bufferMinutes.max, m.bufferInvalid).optional(),
  bufferAfterMinutes: whole(L.bufferMinutes.min, L.bufferMinutes.max, m.bufferInvalid).optional(),
  slotIntervalMinutes: whole(L.slotInterval.min, L.slotInterval.max, m.intervalInvalid).nullable().optional(),
  maxBookingsPerDay: whole(L.maxBookingsPerDay.min, L.maxBookingsPerDay.max, m.maxPerDayInvalid)
    .nullable()
    .optional(),
  cancelCutoffHours: whole(0, L.maxCutoffHours, m.cutoffInvalid).nullable().optional(),
  rescheduleCutoffHours: whole(0, L.maxCutoffHours, m.cutoffInvalid).nullable().optional(),
  policyText: z
    .string()
    .trim()
    .max(L.policyTextMax, m.policyTooLong)
    .nullable()
    .optional()
    .transform((s) => s || null),
  dateOverrides: dateOverridesSchema.optional(),
};

/** What the event and template answers carry: every rule, with its off value when unset. */
export const bookingRulesDto = z.object({
  minimumNoticeMinutes: z.number(),
  bookingHorizonDays: z.number().nullable(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  slotIntervalMinutes: z.number().nullable(),
  maxBookingsPerDay: z.number().nullable(),
  cancelCutoffHours: z.number().nullable(),
  rescheduleCutoffHours: z.number().nullable(),
  policyText: z.string().nullable(),
  dateOverrides: z.array(
    z.union([
      z.object({ date: z.string(), closed: z.literal(true) }),
      z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }),
    ]),
  ),
});

/** The rules of a stored row (event or template) as the answers carry them. */
export function rulesOf(row: BookingRules): BookingRules {
  const out = {} as Record<keyof BookingRules, unknown>;
  for (const key of Object.keys(NO_RULES) as Array<keyof BookingRules>) out[key] = row[key] ?? NO_RULES[key];
  return out as BookingRules;
}

import { z } from 'zod';
import { daysBetween, dutchHolidays, isValidDate } from '@core/index';
import { nl } from './messages';

const m = nl.closures;

/** At most this many closures per owner, past ones included (docs/PRODUCT.md#constants). */
export const MAX_CLOSURES = 500;

/** The years the holiday list answers for: wide enough for any closure an owner plans. */
export const HOLIDAY_YEAR_MIN = 1900;
export const HOLIDAY_YEAR_MAX = 2200;

/** GET /api/closures/holidays?year=2027: four digits, 1900–2200. */
export const holidaysQuery = z.object({
  year: z
    .string({ error: m.invalidYear })
    .regex(/^\d{4}$/, m.invalidYear)
    .transform(Number)
    .pipe(z.number().min(HOLIDAY_YEAR_MIN, m.invalidYear).max(HOLIDAY_YEAR_MAX, m.invalidYear)),
});
export type HolidaysQuery = z.input<typeof holidaysQuery>;

export const holidayDto = z.object({
  /** 'yyyy-MM-dd'. */
  date: z.string(),
  /** The Dutch name, e.g. 'Tweede Pinksterdag'. */
  name: z.string(),
});
export type HolidayDto = z.infer<typeof holidayDto>;

/** The Dutch public holidays of `year` with their Dutch names, sorted by date (core/holidays.ts). */
export function namedDutchHolidays(year: number): HolidayDto[] {
  return dutchHolidays(year).map(({ date, key }) => ({ date, name: nl.holidays[key] }));
}

const closureDate = (required: string) =>
  z.string({ error: required }).min(1, required).refine(isValidDate, nl.eventRules.invalidDate);

/**
 * POST /api/closures: inclusive dates; without `agendaId` the whole business is closed; `yearly`
 * closes the same calendar dates every year (docs/PRODUCT.md#closures).
 */
export const createClosureBody = z
  .object({
    startDate: closureDate(m.startRequired),
    endDate: closureDate(m.endRequired),
    label: z.string({ error: m.labelRequired }).trim().min(1, m.labelRequired).max(100, m.labelTooLong),
    agendaId: z
      .uuid({ error: m.agendaNotFound })
      .nullable()
      .optional()
      .transform((s) => s ?? null),
    yearly: z
      .boolean({ error: m.yearlyInvalid })
      .optional()
      .transform((y) => y ?? false),
  })
  .superRefine((c, ctx) => {
    if (!isValidDate(c.startDate) || !isValidDate(c.endDate)) return;
    const days = daysBetween(c.startDate, c.endDate);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.endBeforeStart });
    else if (days > 366) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.tooLong });
    // A whole year every year would close the business for good.
    else if (c.yearly && days >= 364)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.yearlyTooLong });
  });
export type CreateClosureBody = z.input<typeof createClosureBody>;

export const closureDto = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  label: z.string(),
  /** Null: the whole business is closed; else only this agenda. */
  agendaId: z.string().nullable(),
  /** The same calendar dates every year from `startDate` on. */
  yearly: z.boolean(),
});
export type ClosureDto = z.infer<typeof closureDto>;

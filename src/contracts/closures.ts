import { z } from 'zod';
import { dutchHolidays } from '@core/index';
import { nl } from './messages';

const m = nl.closures;

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

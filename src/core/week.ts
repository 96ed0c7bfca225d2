/**
 * Dutch calendar weeks: Monday first (docs/PRODUCT.md#constants) and ISO 8601 week numbers, which
 * Dutch salons use to plan ('week 48'). Pure arithmetic on 'yyyy-MM-dd' strings, like time.ts.
 */
import { addDays, daysBetween, weekdayOf } from './time';
import type { DateRange } from './types';

/** The Monday of the week `date` falls in (Monday itself for a Monday, six days back for a Sunday). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The seven dates of `date`'s week, Monday to Sunday. */
export function weekDates(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Monday through Sunday of `date`'s week, inclusive. */
export function weekRange(date: string): DateRange {
  const monday = mondayOf(date);
  return { from: monday, to: addDays(monday, 6) };
}

/**
 * ISO 8601 week number (1-53): week 1 is the week with the year's first Thursday, so 29 Dec 2025
 * is in week 1 of 2026 and 1 Jan 2027 in week 53 of 2026.
 */
export function isoWeekNumber(date: string): number {
  const thursday = addDays(mondayOf(date), 3);
  // 4 January is always in week 1; its Monday starts the ISO year of this Thursday.
  const firstMonday = mondayOf(`${thursday.slice(0, 4)}-01-04`);
  return Math.floor(daysBetween(firstMonday, mondayOf(date)) / 7) + 1;
}

/**
 * The dates of an appointment series (docs/PRODUCT.md#series): the same wall-clock time every 1 to 4
 * weeks, or monthly on the same weekday ("the 2nd Tuesday"), a number of times (2–52) or until a
 * date. Only dates are computed: each occurrence keeps the first one's local time, so over a DST
 * change 08:30 stays 08:30 in the owner's zone (its instant is zonedTimeToUtc of date and time).
 */
import { addDays, compareDates, daysInMonth, isValidDate, weekdayOf } from './time';

/** How often a series repeats: every 1, 2, 3 or 4 weeks, or monthly on the same weekday. */
export const SERIES_EVERY = ['1w', '2w', '3w', '4w', 'month'] as const;
export type SeriesEvery = (typeof SERIES_EVERY)[number];

/** A series has at least two and at most 52 occurrences, also when it runs until a date. */
export const SERIES_MIN_COUNT = 2;
export const SERIES_MAX_COUNT = 52;

/** Where a series ends: after `count` occurrences, or with the last one on or before `until`. */
export type SeriesEnd = { count: number; until?: undefined } | { until: string; count?: undefined };

/**
 * Which weekday of its month `date` is: its weekday and 1–4, or 5 for the last one of the month
 * (a date past the 28th is always its month's last of that weekday, and not every month has a 5th).
 */
export function weekdayInMonth(date: string): { weekday: number; nth: number } {
  const day = Number(date.slice(8, 10));
  return { weekday: weekdayOf(date), nth: Math.ceil(day / 7) };
}

/** The `nth` (1–4; 5: last) `weekday` of the month 'yyyy-MM'. */
export function nthWeekdayOf(month: string, weekday: number, nth: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const firstMatch = 1 + ((weekday - weekdayOf(first) + 7) % 7);
  let day = firstMatch + 7 * (Math.min(nth, 5) - 1);
  while (day > daysInMonth(year, m)) day -= 7;
  return `${month}-${String(day).padStart(2, '0')}`;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12
    ? `${String(y + 1).padStart(4, '0')}-01`
    : `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The dates of a series starting on `start` (its first occurrence), in order. A count outside
 * 2–52 or an end before the start is the caller's to refuse (seriesProblem); here the list simply
 * stops at 52.
 */
export function seriesDates(start: string, every: SeriesEvery, end: SeriesEnd): string[] {
  if (!isValidDate(start)) return [];
  const max = Math.min(end.count ?? SERIES_MAX_COUNT, SERIES_MAX_COUNT);
  const out: string[] = [];
  const within = (date: string) => end.until === undefined || compareDates(date, end.until) <= 0;
  if (every === 'month') {
    const { weekday, nth } = weekdayInMonth(start);
    let month = start.slice(0, 7);
    while (out.length < max) {
      const date = out.length === 0 ? start : nthWeekdayOf(month, weekday, nth);
      if (!within(date)) break;
      out.push(date);
      month = nextMonth(month);
    }
    return out;
  }
  const step = 7 * Number(every[0]);
  for (let date = start; out.length < max && within(date); date = addDays(date, step)) out.push(date);
  return out;
}

/** Why a series cannot be made as asked; null when it can. */
export type SeriesProblem = 'count' | 'until' | null;

/** A count must be 2–52; an end date must leave at least two occurrences. */
export function seriesProblem(start: string, every: SeriesEvery, end: SeriesEnd): SeriesProblem {
  if (end.count !== undefined)
    return Number.isInteger(end.count) && end.count >= SERIES_MIN_COUNT && end.count <= SERIES_MAX_COUNT
      ? null
      : 'count';
  if (!isValidDate(end.until)) return 'until';
  return seriesDates(start, every, end).length >= SERIES_MIN_COUNT ? null : 'until';
}

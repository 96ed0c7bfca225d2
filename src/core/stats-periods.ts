/**
 * Statistics periods: today, yesterday, last 7 days, last 30 days (one month back), and the one
 * forward-looking window: the coming 7 days.
 * Pure calendar arithmetic on 'yyyy-MM-dd' strings; `today` is the owner's today.
 */
import { addDays, daysInMonth, isValidDate } from './time';
import type { DateRange } from './types';

export const STATS_PERIODS = ['today', 'yesterday', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/**
 * Same day one month earlier, clamped to the month's last day (2026-03-31 -> 2026-02-28),
 * i.e. date-fns subMonths semantics.
 */
export function subOneMonth(date: string): string {
  if (!isValidDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Inclusive range: week = the 7 days ending today; month = one month back through today. */
export function statsPeriodRange(period: StatsPeriod, today: string): DateRange {
  if (!isValidDate(today)) throw new RangeError(`Invalid date: ${today}`);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: subOneMonth(today), to: today };
    default:
      throw new RangeError(`Unknown statistics period: ${String(period)}`);
  }
}

/** How many days the forward-looking figure covers ('Komende 7 dagen'). */
export const UPCOMING_DAYS = 7;

/**
 * The coming seven days: today through six days ahead, the mirror of `week`. The server counts only
 * appointments in it that have not started yet, so "from now" holds within today.
 */
export function upcomingRange(today: string): DateRange {
  if (!isValidDate(today)) throw new RangeError(`Invalid date: ${today}`);
  return { from: today, to: addDays(today, UPCOMING_DAYS - 1) };
}

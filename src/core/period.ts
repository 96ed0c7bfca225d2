/**
 * Filters of the owner's event overview: period, payment, category and free-text search.
 * All comparisons are on 'yyyy-MM-dd' strings; the caller passes today in the owner's zone.
 */
import { compareDates, isValidDate } from './time';
import type { DateRangeType } from './types';

export const PERIOD_FILTERS = ['all', 'active', 'upcoming', 'past'] as const;
export type PeriodFilter = (typeof PERIOD_FILTERS)[number];

export const PAYMENT_FILTERS = ['all', 'paid', 'free'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** 'all', 'uncategorized' or a category id. */
export type CategoryFilter = string;

export type PeriodEvent = {
  dateRangeType: DateRangeType;
  dateRangeStart?: string | null;
  dateRangeEnd?: string | null;
  specificDates?: string[] | null;
};

export type EventPeriod = { start: string; end: string };

/** The end of an ongoing service's period: after every real date, so it is never past. */
export const OPEN_PERIOD_END = '9999-12-31';

/**
 * Range: its start and end. Specific: earliest and latest listed date. Null when it cannot be
 * determined (missing/invalid dates, or an inverted range), and such events pass every period filter.
 */
export function eventPeriod(event: PeriodEvent): EventPeriod | null {
  if (event.dateRangeType === 'range') {
    const { dateRangeStart: start, dateRangeEnd: end } = event;
    if (!isValidDate(start) || !isValidDate(end) || compareDates(start, end) > 0) return null;
    return { start, end };
  }
  if (event.dateRangeType === 'ongoing') {
    // No end: active from its start on, never past.
    const start = event.dateRangeStart;
    return isValidDate(start) ? { start, end: OPEN_PERIOD_END } : null;
  }
  if (event.dateRangeType === 'specific') {
    const dates = (event.specificDates ?? []).filter((d) => isValidDate(d)).sort(compareDates);
    const start = dates[0];
    const end = dates[dates.length - 1];
    return start !== undefined && end !== undefined ? { start, end } : null;
  }
  return null;
}

/** Active: start <= today <= end; upcoming: start after today; past: end before today. */
export function matchesPeriod(event: PeriodEvent, filter: PeriodFilter, today: string): boolean {
  if (filter === 'all') return true;
  const period = eventPeriod(event);
  if (!period) return true;
  switch (filter) {
    case 'active':
      return compareDates(period.start, today) <= 0 && compareDates(today, period.end) <= 0;
    case 'upcoming':
      return compareDates(period.start, today) > 0;
    case 'past':
      return compareDates(period.end, today) < 0;
    default:
      return true;
  }
}

/** Paid means the event requires payment; free is everything else. */
export function matchesPayment(event: { requiresPayment?: boolean | null }, filter: PaymentFilter): boolean {
  if (filter === 'paid') return event.requiresPayment === true;
  if (filter === 'free') return event.requiresPayment !== true;
  return true;
}

export function matchesCategory(event: { categoryId?: string | null }, filter: CategoryFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'uncategorized') return event.categoryId == null || event.categoryId === '';
  return event.categoryId === filter;
}

/** Case-insensitive substring match on title or description; a blank query matches everything. */
export function matchesSearch(event: { title: string; description?: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return event.title.toLowerCase().includes(q) || (event.description ?? '').toLowerCase().includes(q);
}

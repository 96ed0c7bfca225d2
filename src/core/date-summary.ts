/**
 * Dutch display strings for event dates. date-fns formats a local Date, so each 'yyyy-MM-dd' is
 * turned into local noon of that calendar day: whatever the viewer's zone, noon is never shifted
 * to another day by DST, and the printed calendar date equals the stored one.
 */
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import { isValidDate } from './time';
import type { DateRangeType } from './types';

export const NO_DATES_LABEL = 'Geen datums';

function localNoon(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const result = new Date(2000, 0, 1, 12);
  result.setFullYear(y, m - 1, d); // setFullYear keeps years < 100 literal
  return result;
}

/** Formats with a date-fns pattern in Dutch; invalid input is returned unchanged rather than crashing a render. */
export function formatDutchDate(date: string, pattern: string): string {
  return isValidDate(date) ? format(localNoon(date), pattern, { locale: nl }) : date;
}

/** 'd MMM yyyy', e.g. '1 dec. 2026'. */
export function formatShortDutchDate(date: string): string {
  return formatDutchDate(date, 'd MMM yyyy');
}

/**
 * Range: 'start - end'; specific: '{n} specifieke datum(s)' (n = distinct valid dates);
 * otherwise, or when the dates are missing, 'Geen datums'.
 */
export function dateSummary(event: {
  dateRangeType: DateRangeType | string;
  dateRangeStart?: string | null;
  dateRangeEnd?: string | null;
  specificDates?: string[] | null;
}): string {
  if (event.dateRangeType === 'range') {
    const { dateRangeStart: start, dateRangeEnd: end } = event;
    if (!isValidDate(start) || !isValidDate(end)) return NO_DATES_LABEL;
    return `${formatShortDutchDate(start)} - ${formatShortDutchDate(end)}`;
  }
  if (event.dateRangeType === 'specific') {
    const n = new Set((event.specificDates ?? []).filter((d) => isValidDate(d))).size;
    return n > 0 ? `${n} specifieke datum(s)` : NO_DATES_LABEL;
  }
  return NO_DATES_LABEL;
}

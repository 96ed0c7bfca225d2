import { horizonLastDate } from './horizon';
import { MAX_RANGE_DAYS, type DATE_RANGE_TYPES } from './types';
import { addDays, monthOf } from './time';
import { todayInZone } from './timezone';

/** What of an event decides which months can hold a bookable day (a PublicEvent has all of it). */
export interface BookableMonthsEvent {
  timeZone: string;
  dateRangeType: (typeof DATE_RANGE_TYPES)[number];
  dateRangeStart?: string | null;
  dateRangeEnd?: string | null;
  specificDates?: readonly string[] | null;
  bookingHorizonDays?: number | null;
}

/**
 * The first and last month that can hold a bookable day: from the owner's today to the event's last
 * date. The booking page opens on `first`; the server inlines that month's availability into the page
 * (docs/architecture/web-client.md#public-pages), so both sides must agree on it: one rule for both.
 */
export function bookableMonths(event: BookableMonthsEvent, now = new Date()) {
  const today = todayInZone(now, event.timeZone);
  const dates =
    event.dateRangeType === 'range'
      ? [event.dateRangeStart, event.dateRangeEnd].filter((d): d is string => !!d)
      : event.dateRangeType === 'ongoing'
        ? ongoingDates(event.dateRangeStart, today)
        : [...(event.specificDates ?? [])].sort();
  const firstDate = dates[0];
  // The horizon ends what a customer can book before the service's own last date does.
  const horizon = horizonLastDate(today, event.bookingHorizonDays);
  const lastDate = [dates[dates.length - 1], horizon].filter((d): d is string => !!d).sort()[0];
  const first = firstDate && monthOf(firstDate) > monthOf(today) ? monthOf(firstDate) : monthOf(today);
  const last = lastDate && monthOf(lastDate) > first ? monthOf(lastDate) : first;
  return { today, first, last };
}

/** An ongoing service's first date and the last one availability enumerates (no horizon: MAX_RANGE_DAYS on). */
function ongoingDates(start: string | null | undefined, today: string): string[] {
  if (!start) return [];
  const from = start > today ? start : today;
  return [start, addDays(from, MAX_RANGE_DAYS - 1)];
}

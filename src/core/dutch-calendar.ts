/**
 * Dutch calendar words through Intl only: the booking page's long dates, month titles and weekday
 * names without date-fns (≈7 KB gzip of the page's first load). Each calendar date is formatted at
 * UTC noon in UTC, so no viewer's time zone can shift it to another day. Same strings as the
 * date-fns `nl` patterns they replace (checked in dutch-calendar.test.ts).
 */
import { isValidDate } from './time';

const formatters = new Map<string, Intl.DateTimeFormat>();
function dutch(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat('nl-NL', { ...options, timeZone: 'UTC' })));
  return f;
}

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
const format = (date: string, options: Intl.DateTimeFormatOptions) => (isValidDate(date) ? dutch(options).format(utcNoon(date)) : date);

/** 'maandag 7 december 2026' (date-fns 'EEEE d MMMM yyyy'); invalid input is returned unchanged. */
export const formatLongDutchDate = (date: string) => format(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'december 2026' for 'yyyy-MM' (date-fns 'LLLL yyyy'). */
export const formatDutchMonth = (month: string) => (isValidDate(`${month}-01`) ? format(`${month}-01`, { month: 'long', year: 'numeric' }) : month);

/** 'ma' and 'maandag' for a date (date-fns 'EEEEEE' and 'EEEE'). */
export const dutchWeekday = (date: string) => ({ short: format(date, { weekday: 'short' }), long: format(date, { weekday: 'long' }) });

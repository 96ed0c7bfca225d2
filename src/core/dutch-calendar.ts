/**
 * The one Dutch date formatter of the product (owner app, booking pages, e-mails' dates), through
 * Intl only, so the booking page needs no date-fns (≈7 KB gzip of its first load). Each calendar
 * date is formatted at UTC noon in UTC, so no viewer's time zone can shift it to another day. The
 * strings equal the date-fns `nl` patterns named beside each function (dutch-calendar.test.ts
 * compares every day of two years).
 */
import { isValidDate } from './time';

const formatters = new Map<string, Intl.DateTimeFormat>();
function dutch(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', ...options })));
  return f;
}

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
const format = (date: string, options: Intl.DateTimeFormatOptions) =>
  isValidDate(date) ? dutch(options).format(utcNoon(date)) : date;

/**
 * CLDR's abbreviated Dutch month names with their dots ('mrt.', 'mei'), as date-fns prints them:
 * ICU builds differ on the dots (Node and Chromium print 'mrt'), so they are not left to Intl.
 */
const SHORT_MONTHS = [
  'jan.',
  'feb.',
  'mrt.',
  'apr.',
  'mei',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
];

/** 'maandag 7 december 2026' (date-fns 'EEEE d MMMM yyyy'); invalid input is returned unchanged. */
export const formatLongDutchDate = (date: string) =>
  format(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'maandag 7 december' (date-fns 'EEEE d MMMM'). */
export const formatDutchWeekdayDayMonth = (date: string) =>
  format(date, { weekday: 'long', day: 'numeric', month: 'long' });

/** '7 dec.' (date-fns 'd MMM'). */
export const formatDutchDayMonth = (date: string) =>
  isValidDate(date) ? `${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}` : date;

/** '7 dec. 2026' (date-fns 'd MMM yyyy'). */
export const formatShortDutchDate = (date: string) =>
  isValidDate(date) ? `${formatDutchDayMonth(date)} ${Number(date.slice(0, 4))}` : date;

/** 'december 2026' for 'yyyy-MM' (date-fns 'LLLL yyyy'). */
export const formatDutchMonth = (month: string) =>
  isValidDate(`${month}-01`) ? format(`${month}-01`, { month: 'long', year: 'numeric' }) : month;

/** 'ma' and 'maandag' for a date (date-fns 'EEEEEE' and 'EEEE'). */
export const dutchWeekday = (date: string) => ({
  short: format(date, { weekday: 'short' }),
  long: format(date, { weekday: 'long' }),
});

/** An instant's calendar date and 'HH:mm' in a zone (the viewer's when none is given). */
export function instantParts(at: Date, timeZone?: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    dutch({
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * 'di 24 nov 14:00': an instant as a short Dutch weekday, date and time in `timeZone` (the owner's),
 * as the manage page and the cut-off refusals name a change deadline.
 */
export function formatDutchDeadline(at: Date, timeZone?: string): string {
  const { date, time } = instantParts(at, timeZone);
  return `${dutchWeekday(date).short} ${formatDutchDayMonth(date).replace(/\.$/, '')} ${time}`;
}

/**
 * 'Zet in agenda' (docs/PRODUCT.md#good-endings): links that open the customer's own calendar app
 * with the appointment filled in. The times are absolute (UTC, with a Z), so the customer's calendar
 * shows them in whatever zone it is set to; the appointment itself is a wall-clock time in the
 * owner's zone, turned into an instant by the same rule as every booking (timezone.ts).
 */
import { zonedTimeToUtc } from './timezone';

export interface CalendarAppointment {
  /** What the calendar entry is called: see calendarTitle. */
  title: string;
  /** The entry's notes: the manage link, so the customer can change or cancel from the calendar. */
  details: string;
  /** `yyyy-MM-dd` and `HH:mm` in `timeZone` (the owner's). */
  date: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
}

/** The appointment's start and end as instants. */
export function appointmentInstants(a: CalendarAppointment): { start: Date; end: Date } {
  const start = zonedTimeToUtc(a.date, a.time, a.timeZone);
  return { start, end: new Date(start.getTime() + a.durationMinutes * 60_000) };
}

/** Google's compact UTC form: 20260329T080000Z. */
const googleStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** Outlook's ISO form without milliseconds: 2026-03-29T08:00:00Z. */
const isoStamp = (d: Date) => d.toISOString().replace(/\.\d{3}/, '');

/**
 * A query string with every value percent-encoded (spaces as %20, not '+': Outlook shows a '+'
 * literally). The stamps' own characters (digits, T, Z, '-', ':', '/') need no encoding.
 */
const query = (params: [string, string][]) =>
  params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');

/** Google Calendar's "new event" page with the appointment filled in. */
export function googleCalendarUrl(a: CalendarAppointment): string {
  const { start, end } = appointmentInstants(a);
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', a.title],
    ['dates', `${googleStamp(start)}/${googleStamp(end)}`],
    ['details', a.details],
  ])}`;
}

/** Outlook.com's "new event" page with the appointment filled in. */
export function outlookCalendarUrl(a: CalendarAppointment): string {
  const { start, end } = appointmentInstants(a);
  return `https://outlook.live.com/calendar/0/action/compose?${query([
    ['subject', a.title],
    ['startdt', isoStamp(start)],
    ['enddt', isoStamp(end)],
    ['body', a.details],
  ])}`;
}

/**
 * The entry's title: the service, with the business when it has a name ('Knippen bij Salon Mooi'),
 * so the customer's calendar says where to go. `withBusiness` is the Dutch pattern with {event} and
 * {business} (messages-public.ts: the rules here hold no texts); the links and the downloaded .ics
 * use the same title.
 */
export function calendarTitle(eventTitle: string, businessName: string | null, withBusiness: string): string {
  const business = businessName?.trim();
  if (!business) return eventTitle;
  // One pass, so a title that itself contains '{business}' stays as it is.
  return withBusiness.replace(/\{(event|business)\}/g, (_, key: string) =>
    key === 'event' ? eventTitle : business,
  );
}

import { utcToZoned } from '@core/index';
import { tzlib_get_ical_block } from 'timezones-ical-library';

export interface IcsInvite {
  method: 'REQUEST' | 'CANCEL';
  /** Stable per booking, so calendars update the same entry on a change or cancel. */
  uid: string;
  /** Raised on every change (RFC 5546): a calendar ignores an update with an older sequence. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  summary: string;
  description: string;
  url?: string | null;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string } | null;
  now: Date;
}

/** RFC 5545 TEXT escaping; line breaks become the literal \n. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Parameter values are quoted and may not contain quotes or line breaks. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function localStamp(d: Date, timeZone: string) {
  const { date, time } = utcToZoned(d, timeZone);
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The zone's VTIMEZONE, named exactly like the TZID the event uses (the library may alias it). */
function vtimezone(timeZone: string): string[] {
  const block = tzlib_get_ical_block(timeZone)[0];
  if (!block) return [];
  return block
    .split(/\r?\n/)
    .filter((l) => !l.startsWith('X-LIC-LOCATION') && !l.startsWith('LAST-MODIFIED'))
    .map((l) => (l.startsWith('TZID:') ? `TZID:${timeZone}` : l));
}

/**
 * An iCalendar invitation for one appointment in the owner's time zone: REQUEST when booked or
 * moved, CANCEL when cancelled. Hand-written (see docs/decisions/003-ics-by-hand.md).
 */
export function bookingIcs(invite: IcsInvite): string {
  const { timeZone } = invite;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Afspraakplanner//Afspraken//NL',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    ...vtimezone(timeZone),
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.now)}`,
    `DTSTART;TZID=${timeZone}:${localStamp(invite.startsAt, timeZone)}`,
    `DTEND;TZID=${timeZone}:${localStamp(invite.endsAt, timeZone)}`,
    `SUMMARY:${text(invite.summary)}`,
    `DESCRIPTION:${text(invite.description)}`,
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...(invite.attendee
      ? [
          `ATTENDEE;CN=${param(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.attendee.email}`,
        ]
      : []),
    `STATUS:${invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

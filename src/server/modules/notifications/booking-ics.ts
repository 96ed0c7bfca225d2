import { repeatedMinutes, utcToZoned } from '@core/index';
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
  /** The business's address (LOCATION); none when the profile has none. */
  location?: string | null;
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

/** The wall time of `d` in the zone, or null when that wall time occurs twice (the autumn hour). */
function localStamp(d: Date, timeZone: string): string | null {
  const { date, time, minutes } = utcToZoned(d, timeZone);
  // RFC 5545 (§3.3.5) reads a repeated TZID time as its first occurrence, some readers (ical.js) as
  // its second, and the second cannot be written at all: such a time is written in UTC.
  const repeated = repeatedMinutes(date, timeZone);
  if (repeated && minutes >= repeated[0] && minutes < repeated[1]) return null;
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/**
 * DTSTART and DTEND in the owner's zone (TZID with its VTIMEZONE), or both in UTC when either falls
 * where a wall time is ambiguous, so every reader gets the same instants and an end after the start.
 */
function timeLines(startsAt: Date, endsAt: Date, timeZone: string): string[] {
  const start = localStamp(startsAt, timeZone);
  const end = localStamp(endsAt, timeZone);
  if (start === null || end === null) return [`DTSTART:${utcStamp(startsAt)}`, `DTEND:${utcStamp(endsAt)}`];
  return [`DTSTART;TZID=${timeZone}:${start}`, `DTEND;TZID=${timeZone}:${end}`];
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
function vtimezone(timeZone: string): readonly string[] {
  // The block of a zone never changes while the process runs; building it was most of an invitation's
  // cost, and every confirmation mail carries one.
  let lines = vtimezones.get(timeZone);
  if (!lines) {
    const block = tzlib_get_ical_block(timeZone)[0];
    lines = block
      ? block
          .split(/\r?\n/)
          .filter((l) => !l.startsWith('X-LIC-LOCATION') && !l.startsWith('LAST-MODIFIED'))
          .map((l) => (l.startsWith('TZID:') ? `TZID:${timeZone}` : l))
      : [];
    vtimezones.set(timeZone, lines);
  }
  return lines;
}
/** The VTIMEZONE lines per zone name (a few hundred zones at most). */
const vtimezones = new Map<string, readonly string[]>();

/**
 * The UID of a booking's calendar entry: the e-mail invitations and the owner's calendar feed use the
 * same one, so a calendar that has both shows one entry.
 */
export const bookingUid = (bookingId: string, appUrl: string) => `${bookingId}@${new URL(appUrl).hostname}`;

/** One appointment as a VEVENT (unfolded lines; the caller folds the whole calendar). */
interface IcsEvent {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location?: string | null;
  url?: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
}

function veventLines(e: IcsEvent, timeZone: string, now: Date, extra: string[] = []): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...timeLines(e.startsAt, e.endsAt, timeZone),
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...extra,
    `STATUS:${e.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

const calendar = (head: string[], timeZone: string, body: string[]) =>
  `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Afspraakplanner//Afspraken//NL',
    'CALSCALE:GREGORIAN',
    ...head,
    ...vtimezone(timeZone),
    ...body,
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')}\r\n`;

/**
 * An iCalendar invitation for one appointment in the owner's time zone: REQUEST when booked or
 * moved, CANCEL when cancelled. Hand-written (see docs/decisions/003-ics-by-hand.md).
 */
export function bookingIcs(invite: IcsInvite): string {
  const { timeZone } = invite;
  const attendee = invite.attendee
    ? [
        `ATTENDEE;CN=${param(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.attendee.email}`,
      ]
    : [];
  return calendar(
    [`METHOD:${invite.method}`],
    timeZone,
    veventLines(
      { ...invite, status: invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' },
      timeZone,
      invite.now,
      [`ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`, ...attendee],
    ),
  );
}

/** One date of a series in its invitation: its own booking's UID and SEQUENCE. */
export interface IcsOccurrence {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The invitation of an appointment series (docs/PRODUCT.md#series): one VEVENT per occurrence, each
 * with the UID of its own booking (a later move or cancel of one date updates that entry alone) and
 * all with the same RELATED-TO, the series' link.
 */
export function seriesIcs(
  invite: Omit<IcsInvite, 'uid' | 'sequence' | 'startsAt' | 'endsAt'> & {
    seriesUid: string;
    occurrences: readonly IcsOccurrence[];
  },
): string {
  const { timeZone } = invite;
  const attendee = invite.attendee
    ? [
        `ATTENDEE;CN=${param(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.attendee.email}`,
      ]
    : [];
  const status = invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  return calendar(
    [`METHOD:${invite.method}`],
    timeZone,
    invite.occurrences.flatMap((o) =>
      veventLines({ ...invite, ...o, status }, timeZone, invite.now, [
        `ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`,
        ...attendee,
        `RELATED-TO;RELTYPE=SIBLING:${invite.seriesUid}`,
      ]),
    ),
  );
}

/** One appointment the customer downloads ('Zet in agenda', docs/PRODUCT.md#good-endings). */
export type IcsDownload = Omit<IcsEvent, 'status'> & { timeZone: string; now: Date };

/**
 * The customer's own copy of an appointment as a file: PUBLISH (an entry to add, not an invitation
 * to answer, so no organizer or attendee), with the e-mail invitation's UID and SEQUENCE, so a
 * calendar that has both keeps one entry and later invitations (a move, a cancel) update it.
 */
export function downloadIcs(d: IcsDownload): string {
  return calendar(
    ['METHOD:PUBLISH'],
    d.timeZone,
    veventLines({ ...d, status: 'CONFIRMED' }, d.timeZone, d.now),
  );
}

export interface IcsFeed {
  /** X-WR-CALNAME: how the subscribed calendar is named in the app. */
  name: string;
  timeZone: string;
  /** `stamp` is the entry's last change (DTSTAMP), so an unchanged feed is byte for byte the same. */
  events: (Omit<IcsEvent, 'status'> & { stamp: Date })[];
}

/**
 * The owner's subscribed calendar (docs/PRODUCT.md#calendar-feed): a published calendar without
 * METHOD semantics of a meeting (PUBLISH, no organizer or attendees, so no app offers to answer an
 * invitation), in the owner's zone with its VTIMEZONE, with the invitations' UIDs and sequences.
 */
export function feedIcs(feed: IcsFeed): string {
  return calendar(
    [
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${text(feed.name)}`,
      `X-WR-TIMEZONE:${feed.timeZone}`,
      // Hints for how often to poll (Apple, Outlook); the apps decide in the end.
      'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
      'X-PUBLISHED-TTL:PT15M',
    ],
    feed.timeZone,
    feed.events.flatMap((e) => veventLines({ ...e, status: 'CONFIRMED' }, feed.timeZone, e.stamp)),
  );
}

import { describe, expect, it } from 'vitest';
import { bookingIcs, bookingUid, downloadIcs, feedIcs, type IcsInvite } from './booking-ics';

const invite = (over: Partial<IcsInvite> = {}): IcsInvite => ({
  method: 'REQUEST',
  uid: 'b1@afspraak.test',
  sequence: 0,
  startsAt: new Date('2026-12-01T09:00:00Z'),
  endsAt: new Date('2026-12-01T09:30:00Z'),
  timeZone: 'Europe/Amsterdam',
  summary: 'Knippen, wassen; föhnen',
  description: 'Regel één\nRegel twee',
  url: 'https://afspraak.test/booking/manage/abc',
  organizer: { name: 'Salon "Mooi"', email: 'salon@example.nl' },
  attendee: { name: 'Jan', email: 'jan@example.nl' },
  now: new Date('2026-11-21T10:00:00Z'),
  ...over,
});
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('booking invitation (ICS)', () => {
  it('states wall-clock times in the owner’s zone with a matching VTIMEZONE', () => {
    const ics = unfold(bookingIcs(invite()));
    expect(ics).toContain('DTSTART;TZID=Europe/Amsterdam:20261201T100000');
    expect(ics).toContain('DTEND;TZID=Europe/Amsterdam:20261201T103000');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Amsterdam\r\n');
    expect(ics).toContain('DTSTAMP:20261121T100000Z');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('STATUS:CONFIRMED');
  });

  it('uses summer time in summer', () => {
    const ics = bookingIcs(
      invite({ startsAt: new Date('2026-07-01T08:00:00Z'), endsAt: new Date('2026-07-01T08:30:00Z') }),
    );
    expect(ics).toContain('DTSTART;TZID=Europe/Amsterdam:20260701T100000');
  });

  it('cancels with the same UID and a higher sequence', () => {
    const ics = bookingIcs(invite({ method: 'CANCEL', sequence: 2 }));
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('UID:b1@afspraak.test');
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('escapes text, quotes parameters and folds long lines at 75 octets', () => {
    const ics = bookingIcs(invite({ description: 'é'.repeat(100) }));
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = unfold(ics);
    expect(unfolded).toContain('SUMMARY:Knippen\\, wassen\\; föhnen');
    expect(unfolded).toContain(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(unfolded).toContain('ORGANIZER;CN="Salon Mooi":mailto:salon@example.nl');
    expect(unfold(bookingIcs(invite())).includes('DESCRIPTION:Regel één\\nRegel twee')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('calendar feed (ICS)', () => {
  const entry = (id: string, start: string) => ({
    uid: `${id}@afspraak.test`,
    sequence: 1,
    startsAt: new Date(start),
    endsAt: new Date(new Date(start).getTime() + 30 * 60_000),
    summary: 'Knippen – Jan',
    description: 'Agenda: Stoel 1\nOpmerking: kort; graag',
    stamp: new Date('2026-11-20T08:00:00Z'),
  });

  it('publishes every entry under one VTIMEZONE, without meeting roles, stamped by its last change', () => {
    const ics = feedIcs({
      name: 'Afspraken Salon, "Mooi"',
      timeZone: 'Europe/Amsterdam',
      events: [entry('b1', '2026-12-01T09:00:00Z'), entry('b2', '2026-07-01T08:00:00Z')],
    });
    const text = ics.replace(/\r\n /g, '');
    expect(text).toContain('METHOD:PUBLISH\r\nX-WR-CALNAME:Afspraken Salon\\, "Mooi"\r\n');
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('UID:b2@afspraak.test\r\nSEQUENCE:1\r\nDTSTAMP:20261120T080000Z\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Amsterdam:20260701T100000'); // summer time
    expect(text).toContain('DESCRIPTION:Agenda: Stoel 1\\nOpmerking: kort\\; graag');
    expect(text).not.toMatch(/ORGANIZER|ATTENDEE/);
    // The same input gives the same bytes, so the feed's ETag only changes with the bookings.
    expect(
      feedIcs({ name: 'x', timeZone: 'Europe/Amsterdam', events: [entry('b1', '2026-12-01T09:00:00Z')] }),
    ).toBe(
      feedIcs({ name: 'x', timeZone: 'Europe/Amsterdam', events: [entry('b1', '2026-12-01T09:00:00Z')] }),
    );
  });

  it('gives bookings the UID the invitations use', () => {
    expect(bookingUid('b1', 'https://afspraak.example.nl/')).toBe('b1@afspraak.example.nl');
  });
});

describe('the customer’s download (ICS)', () => {
  it('publishes one confirmed entry like the invitation, without meeting roles', () => {
    const { method: _method, organizer: _organizer, attendee: _attendee, ...rest } = invite({ sequence: 3 });
    const text = downloadIcs(rest).replace(/\r\n /g, '');
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain('UID:b1@afspraak.test\r\nSEQUENCE:3\r\nDTSTAMP:20261121T100000Z\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Amsterdam:20261201T100000');
    expect(text).toContain('SUMMARY:Knippen\\, wassen\\; föhnen');
    expect(text).toContain('STATUS:CONFIRMED');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).not.toMatch(/ORGANIZER|ATTENDEE/);
  });
});

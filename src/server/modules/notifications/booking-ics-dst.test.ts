/**
 * The invitation, the download and the feed read back by a real iCalendar parser (ical.js) on both
 * DST nights of Europe/Amsterdam: every appointment keeps its instants and an end after its start.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '@core/index';
import { bookingIcs, downloadIcs, feedIcs } from './booking-ics';

const TZ = 'Europe/Amsterdam';
const MINUTE = 60_000;
/** An appointment at a wall time of the owner's zone. */
const at = (date: string, time: string, minutes: number) => {
  const startsAt = zonedTimeToUtc(date, time, TZ);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE) };
};
const CASES = {
  // Spring: 01:30 for 30 minutes ends at 03:00 CEST (02:00–03:00 does not exist).
  spring: at('2027-03-28', '01:30', 30),
  // Spring: across the change, 01:00–03:30 in 90 minutes.
  springAcross: at('2027-03-28', '01:00', 90),
  // Autumn: 02:30 CEST for 30 minutes ends at the second 02:00 (CET).
  autumn: at('2027-10-31', '02:30', 30),
  // Autumn: 02:30 CEST for an hour ends at the second 02:30.
  autumnHour: at('2027-10-31', '02:30', 60),
  // Autumn: 01:30–02:30 CEST, before the clock goes back.
  autumnBefore: at('2027-10-31', '01:30', 60),
  winter: at('2027-12-01', '10:00', 30),
};

/** What a calendar app sees: each VEVENT's UID with its start and end as instants. */
function read(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const vtz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtz);
  return root.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
    };
  });
}

const common = {
  sequence: 0,
  summary: 'Knippen',
  description: 'Bij Salon Mooi',
  timeZone: TZ,
  now: new Date('2027-01-10T10:00:00Z'),
};

describe.each(Object.entries(CASES))(
  'ICS on a DST night, read by ical.js: %s',
  (name, { startsAt, endsAt }) => {
    const expected = { uid: `${name}@afspraak.test`, start: startsAt.getTime(), end: endsAt.getTime() };

    it('the invitation (REQUEST and CANCEL)', () => {
      for (const method of ['REQUEST', 'CANCEL'] as const) {
        const ics = bookingIcs({
          ...common,
          method,
          uid: expected.uid,
          startsAt,
          endsAt,
          organizer: { name: 'Salon', email: 'salon@example.nl' },
          attendee: { name: 'Jan', email: 'jan@example.nl' },
        });
        expect(read(ics)).toEqual([expected]);
      }
    });

    it('the download', () => {
      expect(read(downloadIcs({ ...common, uid: expected.uid, startsAt, endsAt }))).toEqual([expected]);
    });

    it('the feed', () => {
      const ics = feedIcs({
        name: 'Afspraken',
        timeZone: TZ,
        events: [{ ...common, uid: expected.uid, startsAt, endsAt, stamp: common.now }],
      });
      const [event] = read(ics);
      expect(event).toEqual(expected);
      expect(event!.end).toBeGreaterThan(event!.start);
    });
  },
);

describe('how the DST nights are written', () => {
  it('keeps TZID wall times where they are unambiguous and UTC where the autumn hour repeats', () => {
    const lines = (c: { startsAt: Date; endsAt: Date }) =>
      downloadIcs({ ...common, uid: 'x@afspraak.test', ...c })
        .split('BEGIN:VEVENT')[1]!
        .split('\r\n')
        .filter((l) => /^DT(START|END)/.test(l));
    expect(lines(CASES.spring)).toEqual([
      'DTSTART;TZID=Europe/Amsterdam:20270328T013000',
      'DTEND;TZID=Europe/Amsterdam:20270328T030000',
    ]);
    // 02:30 CEST to the second 02:00 (CET): in UTC, never "DTEND 02:00" before "DTSTART 02:30".
    expect(lines(CASES.autumn)).toEqual(['DTSTART:20271031T003000Z', 'DTEND:20271031T010000Z']);
    // 02:30 CEST is a repeated wall time too, which readers disagree on: also in UTC.
    expect(lines(CASES.autumnBefore)).toEqual(['DTSTART:20271030T233000Z', 'DTEND:20271031T003000Z']);
    expect(lines(CASES.winter)).toEqual([
      'DTSTART;TZID=Europe/Amsterdam:20271201T100000',
      'DTEND;TZID=Europe/Amsterdam:20271201T103000',
    ]);
  });
});

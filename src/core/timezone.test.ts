import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, formatTime, weekdayOf } from './time';
import {
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  todayInZone,
  utcToZoned,
  zonedDayToUtc,
  zonedTimeToUtc,
} from './timezone';

const iso = (d: Date) => d.toISOString();

describe('zonedTimeToUtc (Europe/Amsterdam by default)', () => {
  it('defaults to Europe/Amsterdam', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Amsterdam');
  });

  it('converts ordinary winter and summer days', () => {
    expect(iso(zonedTimeToUtc('2026-01-15', '10:00'))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-07-15', '10:00'))).toBe('2026-07-15T08:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-07-15', '00:00'))).toBe('2026-07-14T22:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-12-31', '23:59'))).toBe('2026-12-31T22:59:00.000Z');
  });

  it('spring forward 2026-03-29: non-existent 02:xx moves one hour later (CEST)', () => {
    expect(iso(zonedTimeToUtc('2026-03-29', '01:59'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', '02:00'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', '02:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToZoned(zonedTimeToUtc('2026-03-29', '02:30')).time).toBe('03:30');
    expect(iso(zonedTimeToUtc('2026-03-29', '03:00'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', '03:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', '12:00'))).toBe('2026-03-29T10:00:00.000Z');
  });

  it('fall back 2026-10-25: ambiguous 02:xx resolves to the earlier (CEST) instant', () => {
    expect(iso(zonedTimeToUtc('2026-10-25', '01:59'))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '02:00'))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '02:59'))).toBe('2026-10-25T00:59:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '03:00'))).toBe('2026-10-25T02:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', '12:00'))).toBe('2026-10-25T11:00:00.000Z');
  });

  it('handles other zones, including a 30-minute DST shift and a fractional offset', () => {
    expect(iso(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-06-01', '09:00', 'Asia/Kolkata'))).toBe('2026-06-01T03:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-06-01', '09:00', 'UTC'))).toBe('2026-06-01T09:00:00.000Z');
    // Lord Howe springs forward 02:00 -> 02:30 on 2026-10-04; 02:15 becomes 02:45 (+11:00).
    expect(iso(zonedTimeToUtc('2026-10-04', '02:15', 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });

  it('rejects invalid input', () => {
    expect(() => zonedTimeToUtc('2026-02-29', '10:00')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-02-28', '24:00')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-02-28', '10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('utcToZoned / todayInZone', () => {
  it('gives wall-clock date, time and minutes', () => {
    expect(utcToZoned(new Date('2026-07-15T08:00:00Z'))).toEqual({
      date: '2026-07-15',
      time: '10:00',
      minutes: 600,
    });
    expect(utcToZoned(new Date('2026-01-15T23:30:59.999Z'))).toEqual({
      date: '2026-01-16',
      time: '00:30',
      minutes: 30,
    });
    expect(utcToZoned(new Date('2026-10-25T00:30:00Z')).time).toBe('02:30');
    expect(utcToZoned(new Date('2026-10-25T01:30:00Z')).time).toBe('02:30');
    expect(utcToZoned(new Date('2026-06-01T03:30:00Z'), 'Asia/Kolkata').time).toBe('09:00');
    expect(() => utcToZoned(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('computes today in the zone, not on the machine', () => {
    const now = new Date('2026-06-30T22:30:00Z');
    expect(todayInZone(now)).toBe('2026-07-01');
    expect(todayInZone(now, 'UTC')).toBe('2026-06-30');
    expect(todayInZone(now, 'America/New_York')).toBe('2026-06-30');
  });

  it('validates time zones', () => {
    expect(isValidTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
  });
});

/** Independent oracle for EU rules (since 1996): the gap is 02:00-02:59 on the last Sunday of March. */
function isAmsterdamGap(date: string, minutes: number): boolean {
  const year = date.slice(0, 4);
  const march31 = `${year}-03-31`;
  const lastSunday = addDays(march31, -weekdayOf(march31));
  return date === lastSunday && minutes >= 120 && minutes < 180;
}

describe('round trips (properties)', () => {
  it('every minute of both 2026 DST days and a normal day round-trips unless it is in the gap', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-06-10']) {
      for (let m = 0; m < 1440; m++) {
        const time = formatTime(m);
        const back = utcToZoned(zonedTimeToUtc(date, time));
        if (isAmsterdamGap(date, m)) {
          expect(back).toEqual({ date, time: formatTime(m + 60), minutes: m + 60 });
        } else {
          expect(back).toEqual({ date, time, minutes: m });
        }
      }
    }
  });

  it('wall time -> UTC -> wall time is the identity for all non-gap times (Amsterdam 1996-2037)', () => {
    const days = fc.integer({ min: 9496, max: 24836 }); // 1996-01-01 .. 2037-12-31 as epoch days
    const dstBiased = fc.oneof(
      fc
        .record({ year: fc.integer({ min: 1996, max: 2037 }), month: fc.constantFrom('03', '10') })
        .map(({ year, month }) => {
          const last = `${year}-${month}-31`;
          return addDays(last, -weekdayOf(last)); // last Sunday: the DST switch days
        }),
      days.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
    );
    fc.assert(
      fc.property(dstBiased, fc.integer({ min: 0, max: 1439 }), (date, m) => {
        const back = utcToZoned(zonedTimeToUtc(date, formatTime(m)));
        if (isAmsterdamGap(date, m)) expect(back.minutes).toBe(m + 60);
        else expect(back).toEqual({ date, time: formatTime(m), minutes: m });
      }),
      { numRuns: 400 },
    );
  });

  it('instant -> wall time -> instant returns the instant or, when ambiguous, the earlier one', () => {
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 35_000_000 }), // minutes since 1970, up to ~2036
        (zone, minute) => {
          const instant = new Date(minute * 60_000);
          const wall = utcToZoned(instant, zone);
          const back = zonedTimeToUtc(wall.date, wall.time, zone);
          expect(utcToZoned(back, zone)).toEqual(wall);
          const diff = instant.getTime() - back.getTime();
          expect(diff === 0 || (diff > 0 && diff <= 3_600_000)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('wall time → instant, checked against the Intl reading back (property)', () => {
  const zones = [
    'Europe/Amsterdam',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'America/Santiago',
    'UTC',
  ];
  // Transition days of 2026 in these zones, plus random days of two years.
  const transitions = [
    '2026-03-29',
    '2026-10-25',
    '2026-03-08',
    '2026-11-01',
    '2026-04-05',
    '2026-10-04',
    '2026-09-27',
    '2026-09-06',
  ];
  const day = fc.oneof(
    fc.constantFrom(...transitions),
    fc.integer({ min: 0, max: 730 }).map((n) => addDays('2026-01-01', n)),
  );
  const wall = (instant: number, zone: string) => {
    const z = utcToZoned(new Date(instant), zone);
    return `${z.date} ${z.time}`;
  };

  it('reads back as the same wall time, the earlier one when ambiguous, later only inside a gap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        day,
        fc.integer({ min: 0, max: 1439 }),
        (zone, date, minutes) => {
          const asked = `${date} ${formatTime(minutes)}`;
          const instant = zonedDayToUtc(date, zone)(minutes);
          expect(instant).toBe(zonedTimeToUtc(date, formatTime(minutes), zone).getTime());
          const got = wall(instant, zone);
          if (got === asked) {
            // Ambiguous (fall back): no earlier instant shows the same wall time.
            for (const back of [30, 60]) expect(wall(instant - back * 60_000, zone)).not.toBe(asked);
          } else {
            // A gap (spring forward): shown later, and no instant within two hours shows the asked time.
            expect(got > asked).toBe(true);
            for (let k = -8; k <= 8; k++) expect(wall(instant + k * 15 * 60_000, zone)).not.toBe(asked);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

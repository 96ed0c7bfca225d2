import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nthWeekdayOf, seriesDates, seriesProblem, weekdayInMonth, SERIES_EVERY } from './series';
import { addDays, daysBetween, weekdayOf } from './time';
import { utcToZoned, zonedTimeToUtc } from './timezone';

describe('seriesDates', () => {
  it('repeats weekly, every 2, 3 or 4 weeks, a number of times', () => {
    expect(seriesDates('2026-03-03', '1w', { count: 3 })).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
    expect(seriesDates('2026-03-03', '2w', { count: 3 })).toEqual(['2026-03-03', '2026-03-17', '2026-03-31']);
    expect(seriesDates('2026-12-22', '3w', { count: 2 })).toEqual(['2026-12-22', '2027-01-12']);
    expect(seriesDates('2026-03-03', '4w', { count: 2 })).toEqual(['2026-03-03', '2026-03-31']);
  });

  it('runs until an end date, that date included, and never past 52 times', () => {
    expect(seriesDates('2026-03-03', '1w', { until: '2026-03-17' })).toEqual([
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
    ]);
    expect(seriesDates('2026-03-03', '1w', { until: '2026-03-16' })).toHaveLength(2);
    expect(seriesDates('2026-01-06', '1w', { until: '2030-01-01' })).toHaveLength(52);
    expect(seriesDates('2026-01-06', '1w', { count: 60 })).toHaveLength(52);
  });

  it('monthly keeps the weekday of the month: the 2nd Tuesday', () => {
    // 10 March 2026 is the 2nd Tuesday of March.
    expect(seriesDates('2026-03-10', 'month', { count: 4 })).toEqual([
      '2026-03-10',
      '2026-04-14',
      '2026-05-12',
      '2026-06-09',
    ]);
  });

  it('monthly from a 5th weekday takes the last one of each month', () => {
    // 31 March 2026 is the 5th (last) Tuesday; April, May have four or five Tuesdays.
    expect(seriesDates('2026-03-31', 'month', { count: 3 })).toEqual([
      '2026-03-31',
      '2026-04-28',
      '2026-05-26',
    ]);
    expect(seriesDates('2026-11-24', 'month', { count: 3 })).toEqual([
      '2026-11-24',
      '2026-12-22',
      '2027-01-26',
    ]);
  });

  it('is empty for an invalid start', () => {
    expect(seriesDates('2026-02-30', '1w', { count: 3 })).toEqual([]);
  });

  it('keeps 08:30 local over the DST change: the instants move by an hour, the wall time not', () => {
    // Tuesdays 17, 24 and 31 March 2026; Amsterdam moves to summer time on Sunday 29 March.
    const dates = seriesDates('2026-03-17', '1w', { count: 3 });
    const instants = dates.map((d) => zonedTimeToUtc(d, '08:30', 'Europe/Amsterdam'));
    expect(instants.map((i) => i.toISOString())).toEqual([
      '2026-03-17T07:30:00.000Z',
      '2026-03-24T07:30:00.000Z',
      '2026-03-31T06:30:00.000Z',
    ]);
    expect(instants.map((i) => utcToZoned(i, 'Europe/Amsterdam').time)).toEqual(['08:30', '08:30', '08:30']);
  });

  it('property: weekly dates are one step apart, on the start weekday, count as asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20000 }),
        fc.constantFrom('1w', '2w', '3w', '4w' as const),
        fc.integer({ min: 2, max: 52 }),
        (offset, every, count) => {
          const start = addDays('2000-01-01', offset);
          const dates = seriesDates(start, every, { count });
          expect(dates).toHaveLength(count);
          dates.slice(1).forEach((d, i) => expect(daysBetween(dates[i]!, d)).toBe(7 * Number(every[0])));
        },
      ),
    );
  });

  it('property: monthly dates fall on the start weekday, one per month, at the same place', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 2, max: 24 }), (offset, count) => {
        const start = addDays('2000-01-01', offset);
        const { nth } = weekdayInMonth(start);
        const dates = seriesDates(start, 'month', { count });
        expect(dates).toHaveLength(count);
        for (const d of dates) {
          expect(weekdayOf(d)).toBe(weekdayOf(start));
          if (nth < 5) expect(weekdayInMonth(d).nth).toBe(nth);
          // A last weekday: a week later is another month.
          else expect(addDays(d, 7).slice(0, 7)).not.toBe(d.slice(0, 7));
        }
        expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBe(count);
      }),
    );
  });
});

describe('nthWeekdayOf', () => {
  it('finds the nth weekday, the 5th falling back to the last', () => {
    expect(nthWeekdayOf('2026-04', 2, 2)).toBe('2026-04-14');
    expect(nthWeekdayOf('2026-04', 2, 5)).toBe('2026-04-28');
    expect(nthWeekdayOf('2026-03', 2, 5)).toBe('2026-03-31');
  });
});

describe('seriesProblem', () => {
  it('accepts 2–52 times and an end date leaving two at least', () => {
    for (const every of SERIES_EVERY) expect(seriesProblem('2026-03-03', every, { count: 2 })).toBeNull();
    expect(seriesProblem('2026-03-03', '1w', { count: 52 })).toBeNull();
    expect(seriesProblem('2026-03-03', '1w', { count: 1 })).toBe('count');
    expect(seriesProblem('2026-03-03', '1w', { count: 53 })).toBe('count');
    expect(seriesProblem('2026-03-03', '1w', { until: '2026-03-10' })).toBeNull();
    expect(seriesProblem('2026-03-03', '1w', { until: '2026-03-09' })).toBe('until');
    expect(seriesProblem('2026-03-03', '1w', { until: 'morgen' })).toBe('until');
  });
});

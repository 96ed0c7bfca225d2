import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  dateToEpochDay,
  daysBetween,
  daysInMonth,
  epochDayToDate,
  formatTime,
  isValidDate,
  monthOf,
  parseTime,
  weekdayKeyOf,
  weekdayOf,
} from './time';

describe('parseTime / formatTime', () => {
  it('parses strict HH:mm', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('09:00')).toBe(540);
    expect(parseTime('12:30')).toBe(750);
    expect(parseTime('23:59')).toBe(1439);
  });

  it.each([
    '24:00',
    '9:00',
    '09:0',
    '09:60',
    '0900',
    '09:00:00',
    ' 09:00',
    '09:00 ',
    '',
    'ab:cd',
    '-1:00',
    '09.00',
  ])('rejects %j', (value) => {
    expect(parseTime(value)).toBeNull();
  });

  it('formats minutes', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(545)).toBe('09:05');
    expect(formatTime(1439)).toBe('23:59');
  });

  it('throws on out-of-range or fractional minutes', () => {
    expect(() => formatTime(-1)).toThrow(RangeError);
    expect(() => formatTime(1440)).toThrow(RangeError);
    expect(() => formatTime(1.5)).toThrow(RangeError);
    expect(() => formatTime(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every minute of the day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => parseTime(formatTime(m)) === m),
      { numRuns: 300 },
    );
  });
});

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidDate('2026-01-31')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2026-04-31')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-00-10')).toBe(false);
    expect(isValidDate('2026-01-00')).toBe(false);
    expect(isValidDate('2026-1-05')).toBe(false);
    expect(isValidDate('2026-01-05T00:00')).toBe(false);
    expect(isValidDate('0000-01-01')).toBe(false);
    expect(isValidDate(undefined)).toBe(false);
    expect(isValidDate(null)).toBe(false);
  });

  it('handles years below 100 literally (no 19xx mapping)', () => {
    expect(epochDayToDate(dateToEpochDay('0050-03-01') as number)).toBe('0050-03-01');
  });

  it('adds days across month, year and DST boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 0.5)).toThrow(RangeError);
  });

  it('computes the weekday with 0 = Sunday', () => {
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('2026-03-29')).toBe(0);
    expect(weekdayOf('2026-12-07')).toBe(1);
    expect(weekdayOf('2026-12-12')).toBe(6);
    expect(weekdayOf('1969-12-31')).toBe(3);
    expect(weekdayKeyOf('2026-12-07')).toBe('1');
    expect(() => weekdayOf('nope')).toThrow(RangeError);
  });

  it('compares and measures distances', () => {
    expect(compareDates('2026-01-01', '2026-01-02')).toBe(-1);
    expect(compareDates('2026-01-02', '2026-01-01')).toBe(1);
    expect(compareDates('2026-01-02', '2026-01-02')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2027-01-01', '2026-01-01')).toBe(-365);
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(daysInMonth(2026, 4)).toBe(30);
  });

  it('agrees with the JS Date UTC calendar (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1900, 0, 1)),
          max: new Date(Date.UTC(2199, 11, 31)),
          noInvalidDate: true,
        }),
        fc.integer({ min: -800, max: 800 }),
        (d, n) => {
          const date = d.toISOString().slice(0, 10);
          expect(isValidDate(date)).toBe(true);
          expect(weekdayOf(date)).toBe(d.getUTCDay());
          const expected = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));
          expect(addDays(date, n)).toBe(expected.toISOString().slice(0, 10));
          expect(daysBetween(date, addDays(date, n))).toBe(n);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('months', () => {
  it('adds months across year boundaries', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-05', 12)).toBe('2027-05');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
  });

  it('takes the month of a date', () => {
    expect(monthOf('2026-03-29')).toBe('2026-03');
  });
});

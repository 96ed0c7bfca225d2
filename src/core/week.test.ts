import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, epochDayToDate, weekdayOf } from './time';
import { isoWeekNumber, mondayOf, weekDates, weekRange } from './week';

const anyDate = fc.integer({ min: -20_000, max: 60_000 }).map(epochDayToDate);

describe('mondayOf / weekDates / weekRange', () => {
  it('finds the Monday of a week, Sunday belonging to the week before it', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across a year end
    expect(mondayOf('2028-03-01')).toBe('2028-02-28'); // across a leap day
  });

  it('lists Monday to Sunday', () => {
    expect(weekDates('2026-03-29')).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(weekRange('2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
  });

  it('always gives a Monday within the six days before, and seven consecutive dates', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const monday = mondayOf(date);
        expect(weekdayOf(monday)).toBe(1);
        expect(date >= monday && date <= addDays(monday, 6)).toBe(true);
        const days = weekDates(date);
        expect(days).toHaveLength(7);
        days.forEach((d, i) => expect(d).toBe(addDays(monday, i)));
      }),
    );
  });
});

describe('isoWeekNumber', () => {
  it.each([
    ['2026-01-01', 1],
    ['2025-12-29', 1], // Monday of 2026's week 1
    ['2025-12-28', 52],
    ['2026-11-24', 48],
    ['2026-12-31', 53], // 2026 has 53 weeks (it starts on a Thursday)
    ['2027-01-03', 53],
    ['2027-01-04', 1],
    ['2024-12-30', 1],
    ['2021-01-03', 53],
    ['2020-12-31', 53],
  ])('%s is in week %i', (date, week) => {
    expect(isoWeekNumber(date)).toBe(week);
  });

  it('is 1-53, equal across a week, and steps by one from week to week within a year', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const week = isoWeekNumber(date);
        expect(week).toBeGreaterThanOrEqual(1);
        expect(week).toBeLessThanOrEqual(53);
        for (const d of weekDates(date)) expect(isoWeekNumber(d)).toBe(week);
        const next = isoWeekNumber(addDays(date, 7));
        expect(next === week + 1 || next === 1).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  eventPeriod,
  matchesCategory,
  matchesPayment,
  matchesPeriod,
  matchesSearch,
  OPEN_PERIOD_END,
  type PeriodEvent,
} from './period';

const range = (start: string | null, end: string | null): PeriodEvent => ({
  dateRangeType: 'range',
  dateRangeStart: start,
  dateRangeEnd: end,
});
const specific = (dates: string[] | null): PeriodEvent => ({
  dateRangeType: 'specific',
  specificDates: dates,
});

describe('eventPeriod', () => {
  it('uses the range bounds', () => {
    expect(eventPeriod(range('2026-12-01', '2026-12-31'))).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });

  it('an ongoing service starts at its start and is never past', () => {
    const ongoing: PeriodEvent = {
      dateRangeType: 'ongoing',
      dateRangeStart: '2026-12-01',
      dateRangeEnd: null,
    };
    expect(eventPeriod(ongoing)).toEqual({ start: '2026-12-01', end: OPEN_PERIOD_END });
    expect(matchesPeriod(ongoing, 'active', '2031-05-01')).toBe(true);
    expect(matchesPeriod(ongoing, 'past', '2031-05-01')).toBe(false);
    expect(matchesPeriod(ongoing, 'upcoming', '2026-11-01')).toBe(true);
  });

  it('uses the earliest and latest specific date', () => {
    expect(eventPeriod(specific(['2026-12-10', '2026-11-02', 'bad', '2027-01-05']))).toEqual({
      start: '2026-11-02',
      end: '2027-01-05',
    });
  });

  it('is null when it cannot be determined', () => {
    expect(eventPeriod(range(null, '2026-12-31'))).toBeNull();
    expect(eventPeriod(range('2026-12-01', null))).toBeNull();
    expect(eventPeriod(range('2026-12-31', '2026-12-01'))).toBeNull();
    expect(eventPeriod(specific([]))).toBeNull();
    expect(eventPeriod(specific(null))).toBeNull();
  });
});

describe('matchesPeriod', () => {
  const e = range('2026-12-01', '2026-12-31');
  it.each([
    ['2026-11-30', { active: false, upcoming: true, past: false }],
    ['2026-12-01', { active: true, upcoming: false, past: false }],
    ['2026-12-15', { active: true, upcoming: false, past: false }],
    ['2026-12-31', { active: true, upcoming: false, past: false }],
    ['2027-01-01', { active: false, upcoming: false, past: true }],
  ] as const)('today %s', (today, expected) => {
    expect(matchesPeriod(e, 'all', today)).toBe(true);
    expect(matchesPeriod(e, 'active', today)).toBe(expected.active);
    expect(matchesPeriod(e, 'upcoming', today)).toBe(expected.upcoming);
    expect(matchesPeriod(e, 'past', today)).toBe(expected.past);
  });

  it('lets events without a period pass every filter', () => {
    for (const filter of ['all', 'active', 'upcoming', 'past'] as const) {
      expect(matchesPeriod(specific([]), filter, '2026-12-15')).toBe(true);
      expect(matchesPeriod(range(null, null), filter, '2026-12-15')).toBe(true);
    }
  });

  it('works for specific dates', () => {
    const s = specific(['2026-12-05', '2026-12-20']);
    expect(matchesPeriod(s, 'active', '2026-12-10')).toBe(true);
    expect(matchesPeriod(s, 'past', '2026-12-21')).toBe(true);
    expect(matchesPeriod(s, 'upcoming', '2026-12-04')).toBe(true);
  });
});

describe('other overview filters', () => {
  it('filters on payment', () => {
    expect(matchesPayment({ requiresPayment: true }, 'paid')).toBe(true);
    expect(matchesPayment({ requiresPayment: false }, 'paid')).toBe(false);
    expect(matchesPayment({ requiresPayment: false }, 'free')).toBe(true);
    expect(matchesPayment({ requiresPayment: null }, 'free')).toBe(true);
    expect(matchesPayment({ requiresPayment: true }, 'free')).toBe(false);
    expect(matchesPayment({ requiresPayment: true }, 'all')).toBe(true);
  });

  it('filters on category', () => {
    expect(matchesCategory({ categoryId: 'abc' }, 'all')).toBe(true);
    expect(matchesCategory({ categoryId: null }, 'uncategorized')).toBe(true);
    expect(matchesCategory({}, 'uncategorized')).toBe(true);
    expect(matchesCategory({ categoryId: 'abc' }, 'uncategorized')).toBe(false);
    expect(matchesCategory({ categoryId: 'abc' }, 'abc')).toBe(true);
    expect(matchesCategory({ categoryId: 'abc' }, 'def')).toBe(false);
    expect(matchesCategory({ categoryId: null }, 'abc')).toBe(false);
  });

  it('searches title or description case-insensitively with a trimmed query', () => {
    const e = { title: 'Intakegesprek', description: 'Kennismaking met de Coach' };
    expect(matchesSearch(e, 'intake')).toBe(true);
    expect(matchesSearch(e, '  COACH ')).toBe(true);
    expect(matchesSearch(e, 'yoga')).toBe(false);
    expect(matchesSearch(e, '')).toBe(true);
    expect(matchesSearch(e, '   ')).toBe(true);
    expect(matchesSearch({ title: 'Yoga', description: null }, 'coach')).toBe(false);
    expect(matchesSearch({ title: 'Curaçao Café' }, 'CAFÉ')).toBe(true);
  });
});

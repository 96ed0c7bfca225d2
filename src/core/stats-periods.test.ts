import { subMonths } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statsPeriodRange, subOneMonth, upcomingRange } from './stats-periods';

describe('statsPeriodRange', () => {
  it('covers today, yesterday, the last 7 days and one month back (inclusive)', () => {
    expect(statsPeriodRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(statsPeriodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(statsPeriodRange('week', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(statsPeriodRange('month', '2026-03-15')).toEqual({ from: '2026-02-15', to: '2026-03-15' });
    expect(statsPeriodRange('month', '2026-03-31')).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(statsPeriodRange('month', '2024-03-31')).toEqual({ from: '2024-02-29', to: '2024-03-31' });
    expect(statsPeriodRange('month', '2026-01-10')).toEqual({ from: '2025-12-10', to: '2026-01-10' });
  });

  it('rejects invalid input', () => {
    expect(() => statsPeriodRange('today', '2026-02-30')).toThrow(RangeError);
    expect(() => statsPeriodRange('decade' as never, '2026-02-01')).toThrow(RangeError);
  });

  it('month matches date-fns subMonths (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const local = new Date(y, m - 1, d, 12);
          if (local.getMonth() !== m - 1) return; // day overflowed the month: not a real date
          const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const back = subMonths(local, 1);
          const expected = `${back.getFullYear()}-${String(back.getMonth() + 1).padStart(2, '0')}-${String(back.getDate()).padStart(2, '0')}`;
          expect(subOneMonth(date)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('upcomingRange', () => {
  it('covers today and the six days after it, across month and year ends', () => {
    expect(upcomingRange('2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-08' });
    expect(upcomingRange('2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(upcomingRange('2028-02-25')).toEqual({ from: '2028-02-25', to: '2028-03-02' });
    expect(() => upcomingRange('2026-02-30')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { periodQuery } from './list-period';

describe('periodQuery', () => {
  it('opens on today, soonest first', () => {
    expect(periodQuery('upcoming', '2026-03-01')).toEqual({ from: '2026-03-01', order: 'asc' });
  });

  it('shows the earlier appointments up to yesterday, most recent first (across a month and a year end)', () => {
    expect(periodQuery('past', '2026-03-01')).toEqual({ to: '2026-02-28', order: 'desc' });
    expect(periodQuery('past', '2028-03-01')).toEqual({ to: '2028-02-29', order: 'desc' });
    expect(periodQuery('past', '2027-01-01')).toEqual({ to: '2026-12-31', order: 'desc' });
  });

  it('shows everything latest first, without a range', () => {
    expect(periodQuery('all', '2026-03-01')).toEqual({ order: 'desc' });
  });
});

import { describe, expect, it } from 'vitest';
import { bookableMonths } from './bookable-months';

const NOW = new Date('2026-12-01T10:00:00Z');
const ongoing = {
  timeZone: 'Europe/Amsterdam',
  dateRangeType: 'ongoing' as const,
  dateRangeStart: '2026-11-01',
};

describe('bookableMonths of an ongoing service', () => {
  it('ends at the booking horizon', () => {
    expect(bookableMonths({ ...ongoing, bookingHorizonDays: 60 }, NOW)).toEqual({
      today: '2026-12-01',
      first: '2026-12',
      last: '2027-01',
    });
  });

  it('without a horizon runs as far as availability enumerates (three years)', () => {
    expect(bookableMonths({ ...ongoing, bookingHorizonDays: null }, NOW).last).toBe('2029-12');
  });
});

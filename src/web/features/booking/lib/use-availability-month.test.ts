import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '@contracts/public-booking';
import { bookableMonths } from './use-availability-month';

const event = (bookingHorizonDays: number | null) =>
  ({
    timeZone: 'Europe/Amsterdam',
    dateRangeType: 'range',
    dateRangeStart: '2026-01-01',
    dateRangeEnd: '2027-06-30',
    specificDates: null,
    bookingHorizonDays,
  }) as PublicEvent;
const now = new Date('2026-12-02T12:00:00Z');

describe('bookableMonths', () => {
  it("ends at the service's last month, or earlier at the month the booking horizon ends in", () => {
    expect(bookableMonths(event(null), now)).toEqual({
      today: '2026-12-02',
      first: '2026-12',
      last: '2027-06',
    });
    expect(bookableMonths(event(14), now).last).toBe('2026-12');
    expect(bookableMonths(event(30), now).last).toBe('2027-01');
    expect(bookableMonths(event(730), now).last).toBe('2027-06');
  });
});

import { describe, expect, it } from 'vitest';
import { bookingSlotText, formatInstant, nextAttemptText } from './delivery-text';

// Local wall times, so the expectations hold in any time zone the tests run in.
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe('delivery texts', () => {
  it('formats the moment of a delivery in Dutch, an unreadable one as is', () => {
    expect(formatInstant(local(2026, 12, 7, 14, 5))).toBe('7 dec. 2026 14:05');
    expect(formatInstant('kapot')).toBe('kapot');
  });

  it('shows the booked date and time, or nothing when the booking is gone', () => {
    expect(bookingSlotText({ bookingDate: '2026-12-07', bookingTime: '10:30' })).toBe('7 dec. 2026 · 10:30');
    expect(bookingSlotText({ bookingDate: null, bookingTime: null })).toBe('');
  });

  it('tells the next attempt only for a pending delivery that failed before', () => {
    const soon = new Date(Date.now() + 60_000);
    const at = soon.toISOString();
    const time = `${String(soon.getHours()).padStart(2, '0')}:${String(soon.getMinutes()).padStart(2, '0')}`;
    expect(nextAttemptText({ status: 'pending', attempts: 1, nextAttemptAt: at })).toMatch(
      new RegExp(`^Volgende poging (\\d+ \\w+\\.? )?${time}$`),
    );
    expect(nextAttemptText({ status: 'pending', attempts: 0, nextAttemptAt: at })).toBeNull();
    expect(nextAttemptText({ status: 'failed', attempts: 3, nextAttemptAt: at })).toBeNull();
    expect(
      nextAttemptText({ status: 'pending', attempts: 2, nextAttemptAt: local(2026, 12, 8, 9, 0) }),
    ).toMatch(/^Volgende poging (8 dec\. )?09:00$/);
  });
});

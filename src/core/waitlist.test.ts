import { describe, expect, it } from 'vitest';
import { freeTimesFor, offerExpiry, slotFits, stillWaitable, waitlistRefusal } from './waitlist';

const MIN = 60_000;

describe('waitlist decisions', () => {
  const classDay = [
    { time: '09:00', busy: true, seatsLeft: 0 },
    { time: '10:00', busy: false, seatsLeft: 1 },
    { time: '11:00', busy: false, seatsLeft: 3 },
  ];
  const serviceDay = [
    { time: '09:00', busy: true },
    { time: '09:30', busy: true },
  ];

  it('lets one wait for a full time, or a time without room for the places wanted', () => {
    expect(waitlistRefusal(classDay, '09:00', 1)).toBeNull();
    expect(waitlistRefusal(classDay, '10:00', 2)).toBeNull();
    expect(waitlistRefusal(classDay, '10:00', 1)).toBe('timeNotFull');
    expect(waitlistRefusal(serviceDay, '09:30', 1)).toBeNull();
  });

  it('lets one wait for a day only when no time of it fits', () => {
    expect(waitlistRefusal(serviceDay, null, 1)).toBeNull();
    expect(waitlistRefusal(classDay, null, 1)).toBe('dayNotFull');
    expect(waitlistRefusal(classDay, null, 4)).toBeNull();
  });

  it('refuses a day that is not bookable and a time not on its grid', () => {
    expect(waitlistRefusal(undefined, null, 1)).toBe('notOffered');
    expect(waitlistRefusal([], '09:00', 1)).toBe('notOffered');
    expect(waitlistRefusal(classDay, '09:15', 1)).toBe('notOffered');
  });

  it('lists the times free for the places wanted', () => {
    expect(freeTimesFor(classDay, 1)).toEqual(['10:00', '11:00']);
    expect(freeTimesFor(classDay, 2)).toEqual(['11:00']);
    expect(freeTimesFor(undefined, 1)).toEqual([]);
    expect(slotFits({ time: '09:00', busy: false }, 1)).toBe(true);
  });

  it('holds an offer for the offer time, never past the start minus the notice', () => {
    const now = Date.UTC(2026, 11, 8, 8, 0);
    const start = now + 24 * 60 * MIN;
    expect(offerExpiry(now, start, 120, 60)).toBe(now + 120 * MIN);
    expect(offerExpiry(now, now + 150 * MIN, 120, 60)).toBe(now + 90 * MIN);
    expect(offerExpiry(now, now + 60 * MIN, 120, 60)).toBeNull();
    expect(stillWaitable(now, now + 61 * MIN, 60)).toBe(true);
    expect(stillWaitable(now, now + 60 * MIN, 60)).toBe(false);
  });
});

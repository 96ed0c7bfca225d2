import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  slotsInPeriod,
  bookableMinutes,
  countsAsBooked,
  occupancy,
  occupancyVariant,
  totalSlots,
} from './occupancy';
import { defaultWorkingDays } from './durations';
import type { SchedulableEvent } from './types';

const day = (startTime: string, endTime: string, enabled = true) => ({ enabled, startTime, endTime });

describe('bookableMinutes', () => {
  it('is the working window minus pauses', () => {
    expect(bookableMinutes(day('09:00', '17:00'), [])).toBe(480);
    expect(bookableMinutes(day('09:00', '17:00'), [{ start: '12:00', end: '13:00' }])).toBe(420);
  });

  it('clips pauses to the window and merges overlaps', () => {
    expect(bookableMinutes(day('09:00', '17:00'), [{ start: '08:00', end: '09:30' }])).toBe(450);
    expect(bookableMinutes(day('09:00', '17:00'), [{ start: '16:30', end: '18:00' }])).toBe(450);
    expect(bookableMinutes(day('09:00', '17:00'), [{ start: '06:00', end: '08:00' }])).toBe(480);
    expect(
      bookableMinutes(day('09:00', '17:00'), [
        { start: '12:00', end: '13:00' },
        { start: '12:30', end: '13:30' },
        { start: '12:15', end: '12:45' },
        { start: '13:30', end: '14:00' },
      ]),
    ).toBe(360);
    expect(bookableMinutes(day('09:00', '17:00'), [{ start: '00:00', end: '23:59' }])).toBe(0);
  });

  it('is 0 for disabled, invalid or inverted days', () => {
    expect(bookableMinutes(day('09:00', '17:00', false), [])).toBe(0);
    expect(bookableMinutes(undefined, [])).toBe(0);
    expect(bookableMinutes(day('17:00', '09:00'), [])).toBe(0);
    expect(bookableMinutes(day('x', '09:00'), [])).toBe(0);
  });

  it('never exceeds the window nor drops below 0 (property)', () => {
    const time = fc
      .integer({ min: 0, max: 1439 })
      .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        time,
        time,
        fc.array(fc.record({ start: time, end: time }), { maxLength: 5 }),
        (s, e, pauses) => {
          const window = bookableMinutes(day(s, e), []);
          const minutes = bookableMinutes(day(s, e), pauses);
          expect(minutes).toBeGreaterThanOrEqual(0);
          expect(minutes).toBeLessThanOrEqual(window);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('totalSlots', () => {
  const event: SchedulableEvent = {
    workingDays: defaultWorkingDays(),
    dateRangeType: 'range',
    dateRangeStart: '2026-12-01', // Tuesday
    dateRangeEnd: '2026-12-08',
    durationMinutes: 60,
    dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }] },
  };

  it('sums floor(bookable minutes / duration) over eligible days from today', () => {
    // Tue-Fri and Tue 8th: 5 days x 8; Monday 7th: 7 (pause).
    expect(totalSlots(event, '2026-11-01')).toBe(47);
    expect(totalSlots(event, '2026-12-07')).toBe(15);
    expect(totalSlots(event, '2026-12-09')).toBe(0);
  });

  it('counts the capacity once per agenda the event books into', () => {
    expect(totalSlots({ ...event, agendaIds: ['stoel-1', 'stoel-2'] }, '2026-11-01')).toBe(94);
    expect(totalSlots({ ...event, agendaIds: [] }, '2026-11-01')).toBe(47);
  });

  it('floors by duration rather than counting grid positions', () => {
    // 09:00-17:00 with 12:00-13:00 pause = 420 minutes; 420 / 90 = 4.67 -> 4.
    expect(
      totalSlots(
        { ...event, durationMinutes: 90, dateRangeStart: '2026-12-07', dateRangeEnd: '2026-12-07' },
        '2026-12-01',
      ),
    ).toBe(4);
  });

  it('handles specific dates and bad durations', () => {
    expect(
      totalSlots(
        { ...event, dateRangeType: 'specific', specificDates: ['2026-12-07', '2026-12-06'] },
        '2026-12-01',
      ),
    ).toBe(7);
    expect(totalSlots({ ...event, durationMinutes: 0 }, '2026-12-01')).toBe(0);
  });
});

describe('occupancy', () => {
  it('computes available and the rounded percentage', () => {
    expect(occupancy({ totalSlots: 47, booked: 5 })).toEqual({
      totalSlots: 47,
      booked: 5,
      available: 42,
      percentage: 11,
    });
    expect(occupancy({ totalSlots: 3, booked: 2 })).toEqual({
      totalSlots: 3,
      booked: 2,
      available: 1,
      percentage: 67,
    });
    expect(occupancy({ totalSlots: 0, booked: 0 }).percentage).toBe(0);
    expect(occupancy({ totalSlots: 0, booked: 4 })).toEqual({
      totalSlots: 0,
      booked: 4,
      available: 0,
      percentage: 0,
    });
    expect(occupancy({ totalSlots: 2, booked: 5 }).available).toBe(0);
  });

  it('keeps 0 <= percentage <= 100 when booked <= total and available = max(0, total - booked) (property)', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const total = Math.max(a, b);
        const booked = Math.min(a, b);
        const o = occupancy({ totalSlots: total, booked });
        expect(o.percentage).toBeGreaterThanOrEqual(0);
        expect(o.percentage).toBeLessThanOrEqual(100);
        expect(Number.isInteger(o.percentage)).toBe(true);
        expect(occupancy({ totalSlots: a, booked: b }).available).toBe(Math.max(0, a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('picks the badge variant', () => {
    expect(occupancyVariant(100)).toBe('destructive');
    expect(occupancyVariant(81)).toBe('destructive');
    expect(occupancyVariant(80)).toBe('secondary');
    expect(occupancyVariant(51)).toBe('secondary');
    expect(occupancyVariant(50)).toBe('default');
    expect(occupancyVariant(0)).toBe('default');
  });

  it('only counts confirmed bookings', () => {
    expect(countsAsBooked('confirmed')).toBe(true);
    expect(countsAsBooked('pending')).toBe(false);
    expect(countsAsBooked('cancelled')).toBe(false);
  });
});

describe('slotsInPeriod', () => {
  it('counts capacity only on the dates inside the period', () => {
    const event = {
      workingDays: {
        '1': { enabled: true, startTime: '09:00', endTime: '12:00' },
        '3': { enabled: true, startTime: '09:00', endTime: '10:00' },
      },
      dateRangeType: 'range' as const,
      dateRangeStart: '2026-11-01',
      dateRangeEnd: '2026-12-31',
      dailyPauseTimes: { '1': [{ start: '10:00', end: '10:30' }] },
      durationMinutes: 30,
    };
    // Mon 30 Nov (5 slots) + Wed 2 Dec (2 slots); Tue 1 Dec is not a working day.
    expect(slotsInPeriod(event, '2026-11-30', '2026-12-02')).toBe(7);
    expect(slotsInPeriod(event, '2027-01-01', '2027-01-31')).toBe(0);
  });
});

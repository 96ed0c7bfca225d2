import { describe, expect, it } from 'vitest';
import {
  availableDates,
  isBookableSlot,
  isDateAvailable,
  slotEnd,
  slotsForDate,
  slotsForDay,
} from './availability';
import { defaultWorkingDays } from './durations';
import { MAX_RANGE_DAYS, type SchedulableEvent } from './types';

const day = (startTime: string, endTime: string, enabled = true) => ({ enabled, startTime, endTime });

// December 2026: the 1st is a Tuesday, the 5th/6th a weekend.
const rangeEvent = (over: Partial<SchedulableEvent> = {}): SchedulableEvent => ({
  workingDays: defaultWorkingDays(),
  dateRangeType: 'range',
  dateRangeStart: '2026-12-01',
  dateRangeEnd: '2026-12-08',
  durationMinutes: 60,
  dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }] },
  ...over,
});

describe('availableDates', () => {
  it('ongoing: every enabled weekday from the start (or today) on, with no end, up to MAX_RANGE_DAYS', () => {
    const event = rangeEvent({ dateRangeType: 'ongoing', dateRangeStart: '2026-12-01', dateRangeEnd: null });
    const dates = availableDates(event, { today: '2026-12-03' });
    expect(dates.slice(0, 3)).toEqual(['2026-12-03', '2026-12-04', '2026-12-07']);
    // Far past any end a range would have, weekdays stay bookable; weekends stay closed.
    expect(dates).toContain('2028-06-05');
    expect(dates).not.toContain('2028-06-04');
    expect(dates.length).toBeGreaterThan(700);
    expect(isDateAvailable(event, '2028-06-05', { today: '2026-12-03' })).toBe(true);
    expect(isDateAvailable(event, '2026-11-30', { today: '2026-11-01' })).toBe(false);
    expect(isDateAvailable(event, '2026-12-02', { today: '2026-12-03' })).toBe(false);
    // Bounded by MAX_RANGE_DAYS from the effective start, as a range is.
    expect(isDateAvailable(event, '2035-01-01', { today: '2026-12-03' })).toBe(false);
    // No start: nothing.
    expect(availableDates({ ...event, dateRangeStart: null })).toEqual([]);
  });

  it('range: an end is still required; without one nothing is available', () => {
    expect(availableDates(rangeEvent({ dateRangeEnd: null }))).toEqual([]);
    expect(isDateAvailable(rangeEvent({ dateRangeEnd: null }), '2026-12-02')).toBe(false);
  });

  it('range: every day from start to end inclusive whose weekday is enabled', () => {
    expect(availableDates(rangeEvent())).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
    ]);
  });

  it('range: a missing working-day key counts as disabled', () => {
    const event = rangeEvent({ workingDays: { '2': day('09:00', '17:00') } });
    expect(availableDates(event)).toEqual(['2026-12-01', '2026-12-08']);
  });

  it('range: single day, inverted, missing and invalid bounds', () => {
    expect(availableDates(rangeEvent({ dateRangeEnd: '2026-12-01' }))).toEqual(['2026-12-01']);
    expect(availableDates(rangeEvent({ dateRangeStart: '2026-12-09' }))).toEqual([]);
    expect(availableDates(rangeEvent({ dateRangeStart: null }))).toEqual([]);
    expect(availableDates(rangeEvent({ dateRangeEnd: undefined }))).toEqual([]);
    expect(availableDates(rangeEvent({ dateRangeEnd: '2026-02-30' }))).toEqual([]);
  });

  it('range: caps absurd ranges', () => {
    const event = rangeEvent({
      workingDays: Object.fromEntries([...'0123456'].map((k) => [k, day('09:00', '17:00')])),
      dateRangeEnd: '2999-12-31',
    });
    const dates = availableDates(event);
    expect(dates).toHaveLength(MAX_RANGE_DAYS);
    expect(dates[0]).toBe('2026-12-01');
  });

  it('range: today drops earlier dates and the cap counts from today', () => {
    expect(availableDates(rangeEvent(), { today: '2026-12-04' })).toEqual([
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
    ]);
    expect(availableDates(rangeEvent(), { today: '2026-12-09' })).toEqual([]);
    expect(availableDates(rangeEvent(), { today: '2026-11-01' })).toHaveLength(6);
  });

  it('specific: enabled weekdays only, sorted ascending, unique, invalid skipped', () => {
    const event = rangeEvent({
      dateRangeType: 'specific',
      specificDates: [
        '2026-12-08',
        '2026-12-05',
        '2026-12-01',
        '2026-12-08',
        'garbage',
        '2026-02-29',
        '2026-12-07',
      ],
    });
    expect(availableDates(event)).toEqual(['2026-12-01', '2026-12-07', '2026-12-08']);
    expect(availableDates(event, { today: '2026-12-02' })).toEqual(['2026-12-07', '2026-12-08']);
    expect(availableDates({ ...event, specificDates: null })).toEqual([]);
  });
});

describe('isDateAvailable', () => {
  it('matches availableDates', () => {
    const event = rangeEvent();
    expect(isDateAvailable(event, '2026-12-01')).toBe(true);
    expect(isDateAvailable(event, '2026-12-05')).toBe(false);
    expect(isDateAvailable(event, '2026-12-09')).toBe(false);
    expect(isDateAvailable(event, '2026-12-01', { today: '2026-12-02' })).toBe(false);
    expect(isDateAvailable(event, 'x')).toBe(false);
    const specific = rangeEvent({ dateRangeType: 'specific', specificDates: ['2026-12-07'] });
    expect(isDateAvailable(specific, '2026-12-07')).toBe(true);
    expect(isDateAvailable(specific, '2026-12-08')).toBe(false);
  });
});

describe('slotsForDay', () => {
  it('steps by the duration from the start time and ends by the end time', () => {
    expect(slotsForDay(day('09:00', '12:00'), [], 60)).toEqual(['09:00', '10:00', '11:00']);
    expect(slotsForDay(day('09:00', '11:00'), [], 45)).toEqual(['09:00', '09:45']);
    expect(slotsForDay(day('09:10', '10:00'), undefined, 15)).toEqual(['09:10', '09:25', '09:40']);
  });

  it('drops slots overlapping a pause (start < pause end && end > pause start)', () => {
    const slots = slotsForDay(day('09:00', '17:00'), [{ start: '12:00', end: '13:00' }], 60);
    expect(slots).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']);
    // A 90-minute grid 09:00, 10:30, 12:00(x), 13:30, 15:00: 10:30-12:00 only touches the pause.
    expect(slotsForDay(day('09:00', '17:00'), [{ start: '12:00', end: '13:00' }], 90)).toEqual([
      '09:00',
      '10:30',
      '13:30',
      '15:00',
    ]);
    // A pause off the grid knocks out both slots it overlaps.
    expect(slotsForDay(day('09:00', '12:00'), [{ start: '09:50', end: '10:10' }], 60)).toEqual(['11:00']);
  });

  it('ignores invalid or empty pauses', () => {
    const pauses = [
      { start: '25:00', end: '26:00' },
      { start: '11:00', end: '10:00' },
      { start: '10:00', end: '10:00' },
    ];
    expect(slotsForDay(day('09:00', '12:00'), pauses, 60)).toEqual(['09:00', '10:00', '11:00']);
  });

  it('returns [] for a disabled day, invalid times or a bad duration', () => {
    expect(slotsForDay(day('09:00', '17:00', false), [], 60)).toEqual([]);
    expect(slotsForDay(undefined, [], 60)).toEqual([]);
    expect(slotsForDay(day('9:00', '17:00'), [], 60)).toEqual([]);
    expect(slotsForDay(day('09:00', '24:00'), [], 60)).toEqual([]);
    expect(slotsForDay(day('17:00', '09:00'), [], 60)).toEqual([]);
    expect(slotsForDay(day('09:00', '17:00'), [], 0)).toEqual([]);
    expect(slotsForDay(day('09:00', '17:00'), [], -30)).toEqual([]);
    expect(slotsForDay(day('09:00', '17:00'), [], 22.5)).toEqual([]);
    expect(slotsForDay(day('09:00', '09:30'), [], 60)).toEqual([]);
  });

  it('can fill the whole day', () => {
    expect(slotsForDay(day('00:00', '23:59'), [], 120)).toHaveLength(11);
  });
});

describe('slotsForDate / isBookableSlot / slotEnd', () => {
  it('uses the weekday working day and pauses', () => {
    expect(slotsForDate(rangeEvent(), '2026-12-07')).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(slotsForDate(rangeEvent(), '2026-12-08')).toHaveLength(8);
    expect(slotsForDate(rangeEvent(), '2026-12-06')).toEqual([]);
    expect(slotsForDate(rangeEvent(), '2026-12-09')).toEqual([]);
    expect(slotsForDate(rangeEvent(), '2026-12-07', { today: '2026-12-08' })).toEqual([]);
  });

  it('checks a submitted slot', () => {
    const event = rangeEvent();
    expect(isBookableSlot(event, '2026-12-07', '09:00')).toBe(true);
    expect(isBookableSlot(event, '2026-12-07', '12:00')).toBe(false); // pause
    expect(isBookableSlot(event, '2026-12-07', '09:30')).toBe(false); // off grid
    expect(isBookableSlot(event, '2026-12-07', '17:00')).toBe(false); // after hours
    expect(isBookableSlot(event, '2026-12-07', '08:00')).toBe(false); // before hours
    expect(isBookableSlot(event, '2026-12-06', '09:00')).toBe(false); // Sunday
    expect(isBookableSlot(event, '2026-12-10', '09:00')).toBe(false); // outside range
    expect(isBookableSlot(event, '2026-12-07', '9:00')).toBe(false);
    expect(isBookableSlot(event, '2026-12-07', '09:00', { today: '2026-12-08' })).toBe(false);
  });

  it('computes the slot end', () => {
    expect(slotEnd('09:00', 30)).toBe('09:30');
    expect(slotEnd('16:30', 90)).toBe('18:00');
    expect(slotEnd('23:30', 60)).toBe('00:30');
    expect(slotEnd('24:00', 30)).toBeNull();
    expect(slotEnd('09:00', 0)).toBeNull();
  });
});

/**
 * Slots on the two DST nights (docs/PRODUCT.md#time-zone): the hour the clock skips in spring is
 * never offered nor accepted, the hour it repeats in autumn is offered once.
 */
import { describe, expect, it } from 'vitest';
import { blockedRange } from './booking-rules';
import { monthAvailability, slotInterval, slotRefusal, type AvailabilityInput } from './month-availability';
import {
  isExistingWallTime,
  repeatedMinutes,
  skippedMinutes,
  toOffsetDateTime,
  utcToZoned,
  zonedTimeToUtc,
} from './timezone';
import type { SchedulableEvent } from './types';

const TZ = 'Europe/Amsterdam';
const SPRING = '2027-03-28'; // 02:00 CET → 03:00 CEST
const AUTUMN = '2027-10-31'; // 03:00 CEST → 02:00 CET: 02:00–03:00 twice
const night: SchedulableEvent = {
  // A night service on Sundays, 01:00–04:00, half-hourly.
  workingDays: { '0': { enabled: true, startTime: '01:00', endTime: '04:00' } },
  dateRangeType: 'specific',
  specificDates: [SPRING, AUTUMN],
  durationMinutes: 30,
};
const input = (taken: AvailabilityInput['taken'] = []): AvailabilityInput => ({
  event: night,
  timeZone: TZ,
  taken,
  now: new Date('2027-01-01T00:00:00Z'),
});
const times = (month: string, date: string, i = input()) =>
  monthAvailability(month, i)
    .find((d) => d.date === date)!
    .slots.map((s) => s.time);

describe('the spring DST night', () => {
  it('knows which wall times do not exist', () => {
    expect(skippedMinutes(SPRING, TZ)).toEqual([120, 180]);
    expect(skippedMinutes(AUTUMN, TZ)).toBeNull();
    expect(skippedMinutes('2027-03-27', TZ)).toBeNull();
    expect(skippedMinutes(SPRING, 'UTC')).toBeNull();
    expect(skippedMinutes('2027-03-14', 'America/New_York')).toEqual([120, 180]);
    for (const t of ['02:00', '02:30', '02:59']) expect(isExistingWallTime(SPRING, t, TZ)).toBe(false);
    for (const t of ['01:59', '03:00']) expect(isExistingWallTime(SPRING, t, TZ)).toBe(true);
    expect(isExistingWallTime(AUTUMN, '02:30', TZ)).toBe(true);
  });

  it('offers and accepts no time in the skipped hour', () => {
    expect(times('2027-03', SPRING)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    for (const t of ['02:00', '02:30'])
      expect(slotRefusal(input(), SPRING, t)).toEqual({ rule: 'notOffered' });
    expect(slotRefusal(input(), SPRING, '03:00')).toBeNull();
    // 01:30 ends at 03:00 CEST, the instant right after 02:00 CET: it does not overlap 03:00.
    const first = slotInterval(SPRING, '01:30', 30, TZ);
    expect(first.end).toBe(zonedTimeToUtc(SPRING, '03:00', TZ).getTime());
  });
});

describe('the autumn DST night', () => {
  it('offers each time of the repeated hour once, in order of the instants', () => {
    const offered = times('2027-10', AUTUMN);
    expect(offered).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    const starts = offered.map((t) => zonedTimeToUtc(AUTUMN, t, TZ).getTime());
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
    // The repeated times are their first occurrence (CEST), and read back as themselves.
    expect(zonedTimeToUtc(AUTUMN, '02:30', TZ).toISOString()).toBe('2027-10-31T00:30:00.000Z');
    for (const t of offered) expect(utcToZoned(zonedTimeToUtc(AUTUMN, t, TZ), TZ).time).toBe(t);
  });

  it('a booking at 02:30 for 30 minutes blocks up to 02:00 CET, so 03:00 stays free', () => {
    const { start, end } = slotInterval(AUTUMN, '02:30', 30, TZ);
    expect(end - start).toBe(30 * 60_000);
    expect(new Date(end).toISOString()).toBe('2027-10-31T01:00:00.000Z');
    const i = input([blockedRange(start, end, {})]);
    expect(slotRefusal(i, AUTUMN, '02:30')).toEqual({ rule: 'taken' });
    for (const t of ['02:00', '03:00', '03:30']) expect(slotRefusal(i, AUTUMN, t)).toBeNull();
  });
});

describe('repeatedMinutes', () => {
  it('names the hour the clock repeats in autumn, and nothing on other days', () => {
    expect(repeatedMinutes(AUTUMN, TZ)).toEqual([120, 180]);
    expect(repeatedMinutes(SPRING, TZ)).toBeNull();
    expect(repeatedMinutes('2027-10-30', TZ)).toBeNull();
    expect(repeatedMinutes('2027-11-07', 'America/New_York')).toEqual([60, 120]);
  });
});

describe('toOffsetDateTime', () => {
  it('writes an instant with the offset in force, in both DST nights and other zones', () => {
    expect(toOffsetDateTime(new Date('2027-10-31T00:30:00Z'), TZ)).toBe('2027-10-31T02:30:00+02:00');
    expect(toOffsetDateTime(new Date('2027-10-31T01:30:00Z'), TZ)).toBe('2027-10-31T02:30:00+01:00');
    expect(toOffsetDateTime(new Date('2027-03-28T01:00:00Z'), TZ)).toBe('2027-03-28T03:00:00+02:00');
    expect(toOffsetDateTime(new Date('2027-01-15T12:00:00Z'), 'America/St_Johns')).toBe(
      '2027-01-15T08:30:00-03:30',
    );
    expect(toOffsetDateTime(new Date('2027-01-15T12:00:00Z'), 'UTC')).toBe('2027-01-15T12:00:00+00:00');
  });
});

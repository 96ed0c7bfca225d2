/**
 * The grid with buffers (docs/PRODUCT.md#slots): a buffer costs only its own minutes, the end of a
 * pause is a bookable start, and without buffers the spec's grid is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { slotsForDay } from './availability';
import { blockedRange } from './booking-rules';
import {
  dayVerdicts,
  slotInterval,
  slotRefusal,
  type AvailabilityInput,
  type TakenInterval,
} from './month-availability';
import { totalSlots } from './occupancy';
import type { SchedulableEvent } from './types';

const TZ = 'Europe/Amsterdam';
const DATE = '2027-03-01'; // a Monday
const NOW = new Date('2027-02-01T08:00:00Z');
const day = { enabled: true, startTime: '09:00', endTime: '17:00' };
const lunch = [{ start: '12:00', end: '13:00' }];

/** 'Knippen': 45 minutes, 'Tijdstap: Gelijk aan de duur', 10 minutes after-buffer. */
const knippen: SchedulableEvent & { bufferBeforeMinutes: number; bufferAfterMinutes: number } = {
  workingDays: { '1': day },
  dateRangeType: 'specific',
  specificDates: [DATE],
  dailyPauseTimes: { '1': lunch },
  durationMinutes: 45,
  slotIntervalMinutes: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
};

function input(event: typeof knippen, taken: TakenInterval[]): AvailabilityInput {
  return { event, timeZone: TZ, taken: [], agendaTaken: [taken], agendaIds: ['a1'], now: NOW };
}
const free = (i: AvailabilityInput) =>
  dayVerdicts(i, DATE)
    .filter((v) => !v.refusal)
    .map((v) => v.time);
const booking = (event: typeof knippen, time: string) => {
  const { start, end } = slotInterval(DATE, time, event.durationMinutes, TZ);
  return blockedRange(start, end, event);
};

describe('the grid with buffers', () => {
  it('steps by the time a booking takes and starts again at the end of the lunch pause', () => {
    expect(slotsForDay(day, lunch, 45, null, knippen)).toEqual([
      '09:00',
      '09:55',
      '10:50',
      '13:00',
      '13:55',
      '14:50',
      '15:45',
    ]);
  });

  it('one booking takes away only its own time, and the whole day can be booked back to back', () => {
    const taken = [booking(knippen, '10:50')];
    expect(free(input(knippen, taken))).toEqual(['09:00', '09:55', '13:00', '13:55', '14:50', '15:45']);
    // Every offered time, booked one after the other, is accepted: the day holds seven bookings.
    const all: TakenInterval[] = [];
    for (const time of slotsForDay(day, lunch, 45, null, knippen)) {
      expect(slotRefusal(input(knippen, all), DATE, time)).toBeNull();
      all.push(booking(knippen, time));
    }
    expect(all).toHaveLength(7);
    expect(free(input(knippen, all))).toEqual([]);
    // The overview's capacity counts the same seven.
    expect(totalSlots(knippen, '2027-02-01')).toBe(7);
  });

  it('a booking off the grid (10:30, blocking 10:30–11:25) takes away only the times it overlaps', () => {
    const taken = [booking(knippen, '10:30')];
    const offered = free(input(knippen, taken));
    expect(offered).toEqual(['09:00', '13:00', '13:55', '14:50', '15:45']);
    // What is gone really overlaps it; what is offered does not, and is accepted.
    for (const time of ['09:55', '10:50'])
      expect(slotRefusal(input(knippen, taken), DATE, time)).toEqual({ rule: 'taken' });
    for (const time of offered) {
      const b = booking(knippen, time);
      expect(b.end <= taken[0]!.start || b.start >= taken[0]!.end).toBe(true);
      expect(slotRefusal(input(knippen, taken), DATE, time)).toBeNull();
    }
    // The old grid's 10:30 is no longer a start time.
    expect(slotRefusal(input(knippen, []), DATE, '10:30')).toEqual({ rule: 'notOffered' });
  });

  it('a before-buffer lengthens the step too; the start at the pause end keeps its buffer in the pause', () => {
    const prep = { ...knippen, bufferBeforeMinutes: 15, bufferAfterMinutes: 0 };
    expect(slotsForDay(day, lunch, 45, null, prep)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    const taken = [booking(prep, '11:00')];
    expect(free(input(prep, taken))).toEqual(['09:00', '10:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it("an owner's interval keeps its step and starts again at a pause's end off that step", () => {
    const pause = [{ start: '12:00', end: '12:45' }];
    const slots = slotsForDay(day, pause, 45, 20, knippen);
    expect(slots).toContain('12:45');
    expect(slots.slice(0, 3)).toEqual(['09:00', '09:20', '09:40']);
    expect(slots).not.toContain('13:00'); // the run after the pause is 12:45, 13:05, 13:25, …
    expect(slots).toContain('13:05');
    // With a fine grid a booking takes away exactly the times whose blocked range overlaps it.
    const fine = { ...knippen, slotIntervalMinutes: 15, dailyPauseTimes: {} };
    const taken = [booking(fine, '10:30')];
    const offered = free(input(fine, taken));
    expect(offered).toContain('09:30'); // 09:30–10:15, buffer to 10:25
    expect(offered).toContain('11:30'); // after 11:25
    for (const t of ['09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15'])
      expect(offered).not.toContain(t);
  });

  it("without buffers and with the duration as step, the spec's grid is unchanged", () => {
    expect(slotsForDay(day, lunch, 45)).toEqual([
      '09:00',
      '09:45',
      '10:30',
      '11:15',
      '13:30',
      '14:15',
      '15:00',
      '15:45',
    ]);
    expect(slotsForDay(day, lunch, 45, null, { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 })).toEqual(
      slotsForDay(day, lunch, 45),
    );
    const plain = { ...knippen, bufferAfterMinutes: 0 };
    expect(free(input(plain, [booking(plain, '10:30')]))).toEqual([
      '09:00',
      '09:45',
      '11:15',
      '13:30',
      '14:15',
      '15:00',
      '15:45',
    ]);
    expect(totalSlots(plain, '2027-02-01')).toBe(Math.floor(420 / 45));
  });
});

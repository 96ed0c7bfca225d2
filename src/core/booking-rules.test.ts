import { describe, expect, it } from 'vitest';
import { slotsForDate, slotsForDay, workingDayOn } from './availability';
import {
  beforeDeadline,
  blockedRange,
  changeDeadline,
  changeDeadlines,
  closureCovers,
  closureOn,
  horizonLastDate,
  isAgendaClosed,
  onlineChanges,
  type Closure,
} from './booking-rules';
import { formatDutchDeadline } from './dutch-calendar';
import {
  dayVerdicts,
  monthAvailability,
  slotRefusal,
  type AvailabilityInput,
  type RulesEvent,
} from './month-availability';
import { totalSlots } from './occupancy';
import { zonedTimeToUtc } from './timezone';

const TZ = 'Europe/Amsterdam';
const weekdays = Object.fromEntries(
  ['1', '2', '3', '4', '5'].map((k) => [k, { enabled: true, startTime: '09:00', endTime: '12:00' }]),
);
const event: RulesEvent = {
  workingDays: weekdays,
  dateRangeType: 'range',
  dateRangeStart: '2026-01-01',
  dateRangeEnd: '2027-12-31',
  durationMinutes: 60,
};
// Monday 7 December 2026, 08:00 in Amsterdam.
const now = zonedTimeToUtc('2026-12-07', '08:00', TZ);
const input = (e: Partial<RulesEvent>, more: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  event: { ...event, ...e },
  timeZone: TZ,
  taken: [],
  now,
  ...more,
});
const vacation: Closure = {
  startDate: '2026-12-24',
  endDate: '2026-12-31',
  label: 'Kerstvakantie',
  agendaId: null,
};

describe('closures', () => {
  it('a business closure closes every agenda; an agenda closure only when all the booking may use are closed', () => {
    const anna: Closure = { startDate: '2026-12-08', endDate: '2026-12-08', label: 'Vrij', agendaId: 'anna' };
    expect(closureOn([vacation], '2026-12-24', ['anna'])).toBe(vacation);
    expect(closureOn([vacation], '2027-01-01', ['anna'])).toBeNull();
    expect(closureOn([anna], '2026-12-08', ['anna', 'bob'])).toBeNull();
    expect(closureOn([anna], '2026-12-08', ['anna'])).toBe(anna);
    expect(isAgendaClosed([anna], '2026-12-08', 'anna')).toBe(true);
    expect(isAgendaClosed([anna], '2026-12-08', 'bob')).toBe(false);
  });
});

describe('yearly closures', () => {
  const christmas: Closure = {
    startDate: '2026-12-24',
    endDate: '2026-12-26',
    label: 'Kerst',
    agendaId: null,
    yearly: true,
  };
  const yearEnd: Closure = {
    ...christmas,
    startDate: '2026-12-30',
    endDate: '2027-01-02',
    label: 'Oud en nieuw',
  };
  const leapDay: Closure = {
    ...christmas,
    startDate: '2028-02-29',
    endDate: '2028-02-29',
    label: 'Schrikkeldag',
  };

  it('closes the same calendar dates every year, and no other days', () => {
    for (const year of [2026, 2027, 2028]) {
      for (const day of ['24', '25', '26']) expect(closureCovers(christmas, `${year}-12-${day}`)).toBe(true);
      expect(closureCovers(christmas, `${year}-12-23`)).toBe(false);
      expect(closureCovers(christmas, `${year}-12-27`)).toBe(false);
    }
    expect(closureCovers(christmas, '2027-06-25')).toBe(false);
    expect(closureOn([christmas], '2028-12-25', ['anna'])).toBe(christmas);
    expect(isAgendaClosed([christmas], '2027-12-24', 'anna')).toBe(true);
    // Without 'elk jaar' the closure stays in its own year.
    expect(closureCovers({ ...christmas, yearly: false }, '2027-12-25')).toBe(false);
  });

  it('crosses every year end, from its first year on', () => {
    for (const date of ['2027-12-30', '2027-12-31', '2028-01-01', '2028-01-02', '2029-01-02']) {
      expect(closureCovers(yearEnd, date)).toBe(true);
    }
    for (const date of ['2027-12-29', '2028-01-03', '2027-06-15'])
      expect(closureCovers(yearEnd, date)).toBe(false);
    // Before its first day it closes nothing, though 1 January 2026 has the same calendar date.
    expect(closureCovers(yearEnd, '2026-01-01')).toBe(false);
  });

  it('a 29 February closure closes only in leap years', () => {
    expect(closureCovers(leapDay, '2032-02-29')).toBe(true);
    expect(closureCovers(leapDay, '2029-02-28')).toBe(false);
    expect(closureCovers(leapDay, '2029-03-01')).toBe(false);
  });

  it('takes its days out of the booking months of later years', () => {
    // Every day a weekday range through 2028, so only the closure removes days.
    const open = {
      dateRangeEnd: '2029-12-31',
      workingDays: Object.fromEntries(
        ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
          k,
          { enabled: true, startTime: '09:00', endTime: '10:00' },
        ]),
      ),
    };
    for (const month of ['2027-12', '2028-12']) {
      const dates = monthAvailability(month, input(open, { closures: [christmas] })).map((d) => d.date);
      expect(dates).not.toContain(`${month}-24`);
      expect(dates).not.toContain(`${month}-25`);
      expect(dates).not.toContain(`${month}-26`);
      expect(dates).toContain(`${month}-23`);
      expect(dates).toContain(`${month}-27`);
    }
    const january = monthAvailability('2028-01', input(open, { closures: [yearEnd] })).map((d) => d.date);
    expect(january).not.toContain('2028-01-01');
    expect(january).not.toContain('2028-01-02');
    expect(january).toContain('2028-01-03');
    expect(slotRefusal(input(open, { closures: [christmas] }), '2028-12-25', '09:00')).toEqual({
      rule: 'closed',
      label: 'Kerst',
    });
  });
});

describe('date overrides and the slot step', () => {
  it('an override closes a date or gives it other hours, even on a weekday that is off', () => {
    const e = {
      ...event,
      dateOverrides: [
        { date: '2026-12-08', closed: true as const },
        { date: '2026-12-12', startTime: '10:00', endTime: '12:00' }, // a Saturday
      ],
    };
    expect(workingDayOn(e, '2026-12-08')).toBeNull();
    expect(slotsForDate(e, '2026-12-08')).toEqual([]);
    expect(slotsForDate(e, '2026-12-12')).toEqual(['10:00', '11:00']);
    expect(slotsForDate(e, '2026-12-09')).toEqual(['09:00', '10:00', '11:00']);
  });

  it('steps by the slot interval from the day start, each slot still fitting the day', () => {
    const day = { enabled: true, startTime: '09:00', endTime: '10:30' };
    expect(slotsForDay(day, [], 45, 15)).toEqual(['09:00', '09:15', '09:30', '09:45']);
    expect(slotsForDay(day, [], 45, null)).toEqual(['09:00', '09:45']);
  });
});

describe('slotRefusal', () => {
  it('names the rule that refuses: notice, horizon, closure, full day, buffers', () => {
    expect(slotRefusal(input({ minimumNoticeMinutes: 120 }), '2026-12-07', '09:00')).toEqual({
      rule: 'notice',
    });
    expect(slotRefusal(input({ minimumNoticeMinutes: 120 }), '2026-12-07', '10:00')).toBeNull();
    expect(slotRefusal(input({ bookingHorizonDays: 7 }), '2026-12-15', '09:00')).toEqual({
      rule: 'horizon',
      lastDate: '2026-12-14',
    });
    expect(slotRefusal(input({ bookingHorizonDays: 7 }), '2026-12-14', '09:00')).toBeNull();
    expect(slotRefusal(input({}, { closures: [vacation] }), '2026-12-28', '09:00')).toEqual({
      rule: 'closed',
      label: 'Kerstvakantie',
    });
    const counts = new Map([['2026-12-09', 2]]);
    expect(
      slotRefusal(input({ maxBookingsPerDay: 2 }, { dayCounts: counts }), '2026-12-09', '09:00'),
    ).toEqual({
      rule: 'dayFull',
    });
    // A booking 10:00–11:00: 11:00 is free without buffers, taken with a 15-minute before-buffer (on an
    // hourly grid: without one the buffer would lengthen the step).
    const booked = [{ start: zonedTimeToUtc('2026-12-09', '10:00', TZ).getTime(), end: 0 }];
    booked[0]!.end = booked[0]!.start + 60 * 60_000;
    const withBooking = { agendaTaken: [booked], agendaIds: ['a'] };
    expect(slotRefusal(input({}, withBooking), '2026-12-09', '11:00')).toBeNull();
    expect(
      slotRefusal(
        input({ bufferBeforeMinutes: 15, slotIntervalMinutes: 60 }, withBooking),
        '2026-12-09',
        '11:00',
      ),
    ).toEqual({ rule: 'taken' });
    expect(slotRefusal(input({}), '2026-12-04', '09:00')).toEqual({ rule: 'past' });
    expect(slotRefusal(input({}), '2026-12-09', '09:30')).toEqual({ rule: 'notOffered' });
  });

  it('the owner is bound by the grid, the past and overlaps only', () => {
    const owner = { owner: true, closures: [vacation], dayCounts: new Map([['2026-12-28', 9]]) };
    const strict = { minimumNoticeMinutes: 4320, bookingHorizonDays: 1, maxBookingsPerDay: 1 };
    expect(slotRefusal(input(strict, owner), '2026-12-28', '09:00')).toBeNull();
    expect(slotRefusal(input(strict, owner), '2026-12-04', '09:00')).toEqual({ rule: 'past' });
  });

  it('a closed day lists every slot as refused, for the taken-times answer', () => {
    expect(
      dayVerdicts(input({}, { closures: [vacation] }), '2026-12-28').map((v) => v.refusal?.rule),
    ).toEqual(['closed', 'closed', 'closed']);
  });
});

describe('deadlines', () => {
  it('a cut-off is hours before the start; exactly at the deadline a change is still allowed', () => {
    const start = zonedTimeToUtc('2026-11-25', '14:00', TZ);
    const deadline = changeDeadline(start, 24)!;
    expect(formatDutchDeadline(deadline, TZ)).toBe('di 24 nov 14:00');
    expect(beforeDeadline(deadline, deadline)).toBe(true);
    expect(beforeDeadline(deadline, new Date(deadline.getTime() + 1))).toBe(false);
    expect(changeDeadline(start, null)).toBeNull();
    expect(beforeDeadline(null, new Date(8.64e15))).toBe(true);
  });

  it('a booking made inside its cut-off cannot be changed online from the start', () => {
    // Booked at 20:57 for 10:30 the next morning with a one-day cut-off for both.
    const start = zonedTimeToUtc('2026-12-02', '10:30', TZ);
    const bookedAt = zonedTimeToUtc('2026-12-01', '20:57', TZ);
    const both = changeDeadlines(start, { cancelCutoffHours: 24, rescheduleCutoffHours: 24 });
    expect(onlineChanges(both, bookedAt)).toEqual({
      reschedule: false,
      cancel: false,
      allClosed: true,
      someClosed: true,
    });
    // Only the move has a cut-off that has passed: cancelling stays possible.
    const moveOnly = changeDeadlines(start, { cancelCutoffHours: 2, rescheduleCutoffHours: 24 });
    expect(onlineChanges(moveOnly, bookedAt)).toEqual({
      reschedule: false,
      cancel: true,
      allClosed: false,
      someClosed: true,
    });
    // Without cut-offs everything stays open; exactly at the deadline still is.
    expect(onlineChanges(changeDeadlines(start, {}), bookedAt).someClosed).toBe(false);
    expect(onlineChanges(both, both.cancel!).someClosed).toBe(false);
  });

  it('the horizon counts calendar days from the owner’s today; buffers widen the blocked range', () => {
    expect(horizonLastDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(horizonLastDate('2026-12-31', null)).toBeNull();
    expect(blockedRange(1000_000, 2000_000, { bufferBeforeMinutes: 5, bufferAfterMinutes: 10 })).toEqual({
      start: 700_000,
      end: 2_600_000,
    });
  });
});

describe('capacity with the rules', () => {
  it('counts only the days customers can book: not closed, not past the horizon, with override hours', () => {
    const e = { ...event, dateRangeStart: '2026-12-07', dateRangeEnd: '2026-12-11' }; // Mon–Fri, 3 slots a day
    expect(totalSlots(e, '2026-12-07')).toBe(15);
    expect(totalSlots({ ...e, bookingHorizonDays: 2 }, '2026-12-07')).toBe(9);
    const closedWed: Closure = {
      startDate: '2026-12-09',
      endDate: '2026-12-09',
      label: 'Dicht',
      agendaId: null,
    };
    expect(totalSlots(e, '2026-12-07', [closedWed])).toBe(12);
    const oneAgendaOff: Closure = { ...closedWed, agendaId: 'b' };
    expect(totalSlots({ ...e, agendaIds: ['a', 'b'] }, '2026-12-07', [oneAgendaOff])).toBe(27);
    const short = { ...e, dateOverrides: [{ date: '2026-12-10', startTime: '09:00', endTime: '10:00' }] };
    expect(totalSlots(short, '2026-12-07')).toBe(13);
  });
});

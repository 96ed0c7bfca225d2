import { describe, expect, it } from 'vitest';
import { agendaOrder } from './agendas';
import { availabilityForDates } from './month-availability';
import type { SchedulableEvent } from './types';

describe('agendaOrder', () => {
  it('tries the least loaded agenda first and keeps the owner order on ties', () => {
    const load = new Map([
      ['a', 3],
      ['b', 1],
      ['c', 1],
    ]);
    expect(agendaOrder(['a', 'b', 'c'], load)).toEqual(['b', 'c', 'a']);
    expect(agendaOrder(['c', 'b'], new Map())).toEqual(['c', 'b']);
  });
});

describe('availability over agendas', () => {
  const day = { enabled: true, startTime: '09:00', endTime: '11:00' };
  const off = { enabled: false, startTime: '09:00', endTime: '17:00' };
  const event: SchedulableEvent = {
    // Keys are weekday numbers, 0 = Sunday: only Mondays.
    workingDays: Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), d === 1 ? day : off])),
    dateRangeType: 'specific',
    dateRangeStart: null,
    dateRangeEnd: null,
    specificDates: ['2030-01-07'],
    dailyPauseTimes: null,
    durationMinutes: 60,
  };
  const at = (hh: string) => Date.parse(`2030-01-07T${hh}:00Z`);
  const nineToTen = { start: at('08'), end: at('09') }; // 09:00 Amsterdam (UTC+1)
  const now = new Date('2030-01-01T00:00:00Z');
  const busyTimes = (agendaTaken: { start: number; end: number }[][]) =>
    availabilityForDates(['2030-01-07'], {
      event,
      timeZone: 'Europe/Amsterdam',
      taken: [],
      agendaTaken,
      now,
    })[0]!
      .slots.filter((s) => s.busy)
      .map((s) => s.time);

  it('counts a slot busy only when every agenda the booking may use is taken', () => {
    expect(busyTimes([[nineToTen], []])).toEqual([]);
    expect(busyTimes([[nineToTen], [nineToTen]])).toEqual(['09:00']);
    expect(busyTimes([[nineToTen]])).toEqual(['09:00']);
  });

  it('takes another service of a different length into account (45 minutes into the 10:00 slot)', () => {
    const fortyFive = { start: at('09') - 15 * 60_000, end: at('09') + 30 * 60_000 }; // 09:45–10:30
    expect(busyTimes([[fortyFive]])).toEqual(['09:00', '10:00']);
  });
});

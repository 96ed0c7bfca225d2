import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availabilityForDates, monthAvailability, overlaps, slotInterval, takenIndex } from './month-availability';
import type { SchedulableEvent } from './types';

const event: SchedulableEvent = {
  workingDays: { '1': { enabled: true, startTime: '09:00', endTime: '12:00' }, '2': { enabled: true, startTime: '09:00', endTime: '12:00' } },
  dateRangeType: 'range',
  dateRangeStart: '2026-12-01',
  dateRangeEnd: '2026-12-31',
  dailyPauseTimes: { '1': [{ start: '10:00', end: '10:30' }] },
  durationMinutes: 30,
};

describe('monthAvailability', () => {
  it('lists the bookable days of the month with busy flags, from now on', () => {
    const taken = [slotInterval('2026-12-08', '09:30', 30), slotInterval('2026-12-07', '09:00', 60)];
    // Now: Tuesday 1 Dec 10:15 Amsterdam — earlier slots that day are gone.
    const days = monthAvailability('2026-12', { event, taken, now: new Date('2026-12-01T09:15:00Z') });
    expect(days[0]).toEqual({ date: '2026-12-01', slots: ['10:30', '11:00', '11:30'].map((time) => ({ time, busy: false })) });
    const mon7 = days.find((d) => d.date === '2026-12-07')!;
    expect(mon7.slots).toEqual([
      { time: '09:00', busy: true },
      { time: '09:30', busy: true },
      { time: '10:30', busy: false },
      { time: '11:00', busy: false },
      { time: '11:30', busy: false },
    ]);
    expect(days.find((d) => d.date === '2026-12-08')!.slots.filter((s) => s.busy).map((s) => s.time)).toEqual(['09:30']);
    expect(days.every((d) => ['1', '2'].includes(String(new Date(`${d.date}T12:00:00Z`).getUTCDay())))).toBe(true);
    expect(monthAvailability('2027-01', { event, taken, now: new Date('2026-12-01T09:15:00Z') })).toEqual([]);
  });

  it('marks a slot busy when a booking of another length overlaps it (duration changed later)', () => {
    const taken = [slotInterval('2026-12-08', '09:45', 45)];
    const [day] = availabilityForDates(['2026-12-08'], { event, taken, now: new Date('2026-11-01T00:00:00Z') });
    expect(day!.slots.filter((s) => s.busy).map((s) => s.time)).toEqual(['09:30', '10:00']);
  });
});

describe('takenIndex', () => {
  it('agrees with a naive overlap scan for any intervals', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 120 })).map(([s, d]) => ({ start: s, end: s + d }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 40 }), fc.array(interval, { maxLength: 20 }), (taken, probes) => {
        const isTaken = takenIndex(taken);
        for (const p of probes) expect(isTaken(p)).toBe(taken.some((t) => overlaps(t, p)));
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityForDates,
  monthAvailability,
  slotInterval,
  takenIndex,
  withOwnSlot,
  type TakenInterval,
} from './month-availability';

/** The naive definition the indexed answers are checked against. */
const overlaps = (a: TakenInterval, b: TakenInterval) => a.start < b.end && a.end > b.start;
import { availableDates, slotsForDate } from './availability';
import { todayInZone } from './timezone';
import type { SchedulableEvent } from './types';

const event: SchedulableEvent = {
  workingDays: {
    '1': { enabled: true, startTime: '09:00', endTime: '12:00' },
    '2': { enabled: true, startTime: '09:00', endTime: '12:00' },
  },
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
    expect(days[0]).toEqual({
      date: '2026-12-01',
      slots: ['10:30', '11:00', '11:30'].map((time) => ({ time, busy: false })),
    });
    const mon7 = days.find((d) => d.date === '2026-12-07')!;
    expect(mon7.slots).toEqual([
      { time: '09:00', busy: true },
      { time: '09:30', busy: true },
      { time: '10:30', busy: false },
      { time: '11:00', busy: false },
      { time: '11:30', busy: false },
    ]);
    expect(
      days
        .find((d) => d.date === '2026-12-08')!
        .slots.filter((s) => s.busy)
        .map((s) => s.time),
    ).toEqual(['09:30']);
    expect(days.every((d) => ['1', '2'].includes(String(new Date(`${d.date}T12:00:00Z`).getUTCDay())))).toBe(
      true,
    );
    expect(monthAvailability('2027-01', { event, taken, now: new Date('2026-12-01T09:15:00Z') })).toEqual([]);
  });

  it('marks a slot busy when a booking of another length overlaps it (duration changed later)', () => {
    const taken = [slotInterval('2026-12-08', '09:45', 45)];
    const [day] = availabilityForDates(['2026-12-08'], {
      event,
      taken,
      now: new Date('2026-11-01T00:00:00Z'),
    });
    expect(day!.slots.filter((s) => s.busy).map((s) => s.time)).toEqual(['09:30', '10:00']);
  });
});

describe('withOwnSlot', () => {
  const now = new Date('2026-12-01T09:15:00Z'); // Tuesday 1 Dec 10:15 Amsterdam

  it("counts the booking's own slot as free: it does not block itself", () => {
    const own = { date: '2026-12-08', time: '09:30' };
    const days = monthAvailability('2026-12', { event, taken: [slotInterval(own.date, own.time, 30)], now });
    const before = days.find((d) => d.date === own.date)!.slots.find((s) => s.time === own.time);
    expect(before).toEqual({ time: '09:30', busy: true });
    const after = withOwnSlot(days, own, '2026-12').find((d) => d.date === own.date)!.slots;
    expect(after.find((s) => s.time === own.time)).toEqual({ time: '09:30', busy: false });
    expect(after.map((s) => s.time)).toEqual(days.find((d) => d.date === own.date)!.slots.map((s) => s.time));
  });

  it('keeps offering the own slot when the clock or the schedule no longer would, in time order', () => {
    // Today at 09:00 (already started) and off the grid on the 8th (schedule changed since).
    const days = monthAvailability('2026-12', { event, taken: [], now });
    const today = withOwnSlot(days, { date: '2026-12-01', time: '09:00' }, '2026-12').find(
      (d) => d.date === '2026-12-01',
    )!;
    expect(today.slots.map((s) => s.time)).toEqual(['09:00', '10:30', '11:00', '11:30']);
    const offGrid = withOwnSlot(days, { date: '2026-12-08', time: '10:15' }, '2026-12').find(
      (d) => d.date === '2026-12-08',
    )!;
    expect(offGrid.slots.map((s) => s.time)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:15',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('adds the own day when the month lists it no more, and only in its own month', () => {
    // Wednesday 9 Dec is not a working day (any more).
    const own = { date: '2026-12-09', time: '14:00' };
    const days = monthAvailability('2026-12', { event, taken: [], now });
    const withOwn = withOwnSlot(days, own, '2026-12');
    expect(withOwn.find((d) => d.date === own.date)).toEqual({
      date: own.date,
      slots: [{ time: '14:00', busy: false }],
    });
    expect(withOwn.map((d) => d.date)).toEqual([...days.map((d) => d.date), own.date].sort());
    expect(withOwnSlot(days, own, '2027-01')).toEqual(days);
  });
});

describe('takenIndex', () => {
  it('agrees with a naive overlap scan for any intervals', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 120 }))
      .map(([s, d]) => ({ start: s, end: s + d }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 40 }),
        fc.array(interval, { maxLength: 20 }),
        (taken, probes) => {
          const isTaken = takenIndex(taken);
          for (const p of probes) expect(isTaken(p)).toBe(taken.some((t) => overlaps(t, p)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('monthAvailability (property)', () => {
  it("is exactly: the month's available dates, their future slots, busy where a taken interval overlaps", () => {
    const day = fc.boolean();
    const arbEvent = fc.record({
      days: fc.array(day, { minLength: 7, maxLength: 7 }),
      start: fc.integer({ min: 0, max: 60 }),
      length: fc.integer({ min: 0, max: 400 }),
      specific: fc.boolean(),
      picks: fc.array(fc.integer({ min: 0, max: 90 }), { maxLength: 12 }),
      duration: fc.constantFrom(15, 30, 45, 60, 90),
    });
    const zone = fc.constantFrom('Europe/Amsterdam', 'America/New_York', 'Asia/Tokyo');
    fc.assert(
      fc.property(
        arbEvent,
        zone,
        fc.integer({ min: 0, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 90 * 96 }), { maxLength: 30 }),
        (e, timeZone, nowOffset, takenAt) => {
          const base = Date.UTC(2026, 9, 1);
          const ev: SchedulableEvent = {
            workingDays: Object.fromEntries(
              e.days.map((on, k) => [String(k), { enabled: on, startTime: '08:00', endTime: '18:00' }]),
            ),
            dateRangeType: e.specific ? 'specific' : 'range',
            dateRangeStart: new Date(base + e.start * 86_400_000).toISOString().slice(0, 10),
            dateRangeEnd: new Date(base + (e.start + e.length) * 86_400_000).toISOString().slice(0, 10),
            specificDates: e.picks.map((d) => new Date(base + d * 86_400_000).toISOString().slice(0, 10)),
            dailyPauseTimes: { '3': [{ start: '12:00', end: '13:00' }] },
            durationMinutes: e.duration,
          };
          const now = new Date(base + nowOffset * 3_600_000 * 7);
          const taken = takenAt.map((q) => ({
            start: base + q * 900_000,
            end: base + q * 900_000 + 45 * 60_000,
          }));
          for (const month of ['2026-10', '2026-11', '2026-12']) {
            const today = todayInZone(now, timeZone);
            const expected = availableDates(ev, { today })
              .filter((d) => d.startsWith(`${month}-`))
              .map((date) => ({
                date,
                slots: slotsForDate(ev, date)
                  .map((time) => ({ time, slot: slotInterval(date, time, ev.durationMinutes, timeZone) }))
                  .filter(({ slot }) => slot.start > now.getTime())
                  .map(({ time, slot }) => ({ time, busy: taken.some((t) => overlaps(t, slot)) })),
              }))
              .filter((d) => d.slots.length > 0);
            expect(monthAvailability(month, { event: ev, timeZone, taken, now })).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableDates, isDateAvailable, slotsForDay } from './availability';
import { addDays, compareDates, dateToEpochDay, formatTime, parseTime, weekdayKeyOf } from './time';
import type { Pause, SchedulableEvent, WorkingDays } from './types';

const minute = fc.integer({ min: 0, max: 1439 });
const time = minute.map(formatTime);
const pause: fc.Arbitrary<Pause> = fc.record({ start: time, end: time });
const duration = fc.oneof(fc.constantFrom(15, 30, 45, 60, 90, 120), fc.integer({ min: 1, max: 300 }));

describe('slotsForDay (properties)', () => {
  it('slots are on the grid, within hours, clear of pauses, sorted and unique', () => {
    fc.assert(
      fc.property(
        time,
        time,
        fc.array(pause, { maxLength: 4 }),
        duration,
        (startTime, endTime, pauses, d) => {
          const slots = slotsForDay({ enabled: true, startTime, endTime }, pauses, d);
          const start = parseTime(startTime) as number;
          const end = parseTime(endTime) as number;
          const mins = slots.map((s) => parseTime(s) as number);
          for (const s of mins) {
            expect((s - start) % d).toBe(0);
            expect(s).toBeGreaterThanOrEqual(start);
            expect(s + d).toBeLessThanOrEqual(end);
            for (const p of pauses) {
              const ps = parseTime(p.start) as number;
              const pe = parseTime(p.end) as number;
              if (pe > ps) expect(s < pe && s + d > ps).toBe(false);
            }
          }
          for (let i = 1; i < mins.length; i++)
            expect(mins[i] as number).toBeGreaterThan(mins[i - 1] as number);
          // Completeness: without pauses the grid holds every slot that fits.
          if (pauses.length === 0)
            expect(slots).toHaveLength(end > start ? Math.floor((end - start) / d) : 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a disabled day never has slots', () => {
    fc.assert(
      fc.property(time, time, duration, (startTime, endTime, d) => {
        expect(slotsForDay({ enabled: false, startTime, endTime }, [], d)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

const workingDays: fc.Arbitrary<WorkingDays> = fc
  .tuple(...[...'0123456'].map(() => fc.option(fc.boolean(), { nil: undefined })))
  .map((flags) => {
    const days: WorkingDays = {};
    flags.forEach((f, i) => {
      if (f !== undefined) days[String(i)] = { enabled: f, startTime: '09:00', endTime: '17:00' };
    });
    return days;
  });
const date = fc
  .integer({ min: 20_000, max: 20_300 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));

const event: fc.Arbitrary<SchedulableEvent> = fc.oneof(
  fc
    .record({ workingDays, start: date, length: fc.integer({ min: -5, max: 60 }) })
    .map(({ workingDays, start, length }) => ({
      workingDays,
      dateRangeType: 'range' as const,
      dateRangeStart: start,
      dateRangeEnd: addDays(start, length), // negative lengths give inverted (empty) ranges
      durationMinutes: 30,
    })),
  fc.record({
    workingDays,
    dateRangeType: fc.constant('specific' as const),
    specificDates: fc.array(fc.oneof(date, fc.constant('2026-02-29')), { maxLength: 15 }),
    durationMinutes: fc.constant(30),
  }),
);

describe('availableDates (properties)', () => {
  it('is sorted, unique, on enabled weekdays, within the range / list and not before today', () => {
    fc.assert(
      fc.property(event, fc.option(date, { nil: undefined }), (e, today) => {
        const dates = availableDates(e, { today });
        for (let i = 1; i < dates.length; i++)
          expect(compareDates(dates[i - 1] as string, dates[i] as string)).toBe(-1);
        for (const d of dates) {
          expect(dateToEpochDay(d)).not.toBeNull();
          expect(e.workingDays[weekdayKeyOf(d)]?.enabled).toBe(true);
          if (today) expect(compareDates(d, today)).toBeGreaterThanOrEqual(0);
          if (e.dateRangeType === 'range') {
            expect(compareDates(d, e.dateRangeStart as string)).toBeGreaterThanOrEqual(0);
            expect(compareDates(d, e.dateRangeEnd as string)).toBeLessThanOrEqual(0);
          } else {
            expect(e.specificDates).toContain(d);
          }
          expect(isDateAvailable(e, d, { today })).toBe(true);
        }
        // Completeness for ranges: every enabled day in [max(start, today), end] is listed.
        if (e.dateRangeType === 'range') {
          let from = e.dateRangeStart as string;
          if (today && compareDates(today, from) > 0) from = today;
          let expected = 0;
          for (let d = from; compareDates(d, e.dateRangeEnd as string) <= 0; d = addDays(d, 1)) {
            if (e.workingDays[weekdayKeyOf(d)]?.enabled) expected++;
          }
          expect(dates).toHaveLength(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stays sorted and unique', () => {
    fc.assert(
      fc.property(event, date, (e, today) => {
        const dates = availableDates(e, { today });
        expect(new Set(dates).size).toBe(dates.length);
        expect([...dates].sort()).toEqual(dates);
      }),
      { numRuns: 200 },
    );
  });
});

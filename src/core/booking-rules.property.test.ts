/**
 * Properties of the one slot decision (docs/PRODUCT.md#booking-rules): what the month view offers is
 * exactly what slotRefusal accepts, no offered slot breaks a rule, and bookings taken one after the
 * other through it never have overlapping blocked ranges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockedRange, horizonLastDate, type Closure } from './booking-rules';
import {
  monthAvailability,
  slotInterval,
  slotJudge,
  slotRefusal,
  type AvailabilityInput,
  type RulesEvent,
  type TakenInterval,
} from './month-availability';
import { addDays, daysInMonth, formatTime, weekdayKeyOf } from './time';
import { todayInZone, zonedTimeToUtc } from './timezone';
import type { DateOverride, WorkingDays } from './types';

const TZ = 'Europe/Amsterdam';
const MONTH = '2027-03'; // holds the spring DST change
const MINUTE = 60_000;
const dayOf = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;
const monthDay = fc.integer({ min: 1, max: 31 }).map(dayOf);

const workingDays: fc.Arbitrary<WorkingDays> = fc
  .array(fc.boolean(), { minLength: 7, maxLength: 7 })
  .chain((flags) =>
    fc
      .record({ start: fc.integer({ min: 6, max: 10 }), end: fc.integer({ min: 14, max: 20 }) })
      .map(({ start, end }) => {
        const days: WorkingDays = {};
        flags.forEach((on, i) => {
          days[String(i)] = { enabled: on, startTime: formatTime(start * 60), endTime: formatTime(end * 60) };
        });
        return days;
      }),
  );

const override: fc.Arbitrary<DateOverride> = fc.oneof(
  monthDay.map((date) => ({ date, closed: true as const })),
  fc
    .record({ date: monthDay, start: fc.integer({ min: 7, max: 12 }), hours: fc.integer({ min: 1, max: 8 }) })
    .map(({ date, start, hours }) => ({
      date,
      startTime: formatTime(start * 60),
      endTime: formatTime((start + hours) * 60),
    })),
);

const event: fc.Arbitrary<RulesEvent> = fc.record({
  workingDays,
  dateRangeType: fc.constant('range' as const),
  dateRangeStart: fc.constant('2027-01-01'),
  dateRangeEnd: fc.constant('2027-12-31'),
  durationMinutes: fc.constantFrom(15, 30, 45, 60, 90),
  slotIntervalMinutes: fc.option(fc.constantFrom(5, 10, 15, 20, 30, 60), { nil: null }),
  minimumNoticeMinutes: fc.constantFrom(0, 30, 120, 1440, 4320),
  bookingHorizonDays: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  bufferBeforeMinutes: fc.constantFrom(0, 5, 15),
  bufferAfterMinutes: fc.constantFrom(0, 10, 30),
  maxBookingsPerDay: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  dateOverrides: fc.uniqueArray(override, { maxLength: 4, selector: (o) => o.date }),
});

const AGENDAS = ['a1', 'a2'];
const closure: fc.Arbitrary<Closure> = fc
  .record({
    start: fc.integer({ min: 1, max: 31 }),
    length: fc.integer({ min: 0, max: 3 }),
    agendaId: fc.constantFrom(null, 'a1', 'a2'),
  })
  .map(({ start, length, agendaId }) => ({
    startDate: dayOf(start),
    endDate: addDays(dayOf(start), length),
    label: 'Vakantie',
    agendaId,
  }));

const interval: fc.Arbitrary<TakenInterval> = fc
  .record({
    day: fc.integer({ min: 1, max: 31 }),
    minute: fc.integer({ min: 360, max: 1200 }),
    length: fc.integer({ min: 15, max: 180 }),
  })
  .map(({ day, minute, length }) => {
    const start = zonedTimeToUtc(dayOf(day), formatTime(minute), TZ).getTime();
    return { start, end: start + length * MINUTE };
  });

const scenario = fc.record({
  event,
  closures: fc.array(closure, { maxLength: 3 }),
  agendaTaken: fc.tuple(fc.array(interval, { maxLength: 12 }), fc.array(interval, { maxLength: 12 })),
  counts: fc.array(fc.tuple(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 4 })), {
    maxLength: 8,
  }),
  // 'now' somewhere from late February to mid-March, at any minute
  nowOffset: fc.integer({ min: 0, max: 20 * 24 * 60 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function inputOf(s: Scenario): AvailabilityInput {
  return {
    event: s.event,
    timeZone: TZ,
    taken: [],
    agendaTaken: s.agendaTaken,
    agendaIds: AGENDAS,
    closures: s.closures,
    dayCounts: new Map(s.counts.map(([d, c]) => [dayOf(d), c])),
    now: new Date(Date.UTC(2027, 1, 24, 0, 0) + s.nowOffset * MINUTE),
  };
}

/** Every grid time of every day of the month, whatever the rules say (a superset of what is offered). */
function everyCandidate(input: AvailabilityInput): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const [year, mon] = MONTH.split('-').map(Number) as [number, number];
  const judge = slotJudge({ ...input, owner: true });
  for (let d = 1; d <= daysInMonth(year, mon); d++) {
    for (const { time } of judge.day(dayOf(d)).grid) out.push([dayOf(d), time]);
  }
  return out;
}

describe('the slot decision (properties)', () => {
  it('the month view offers exactly the slots slotRefusal accepts', () => {
    let offeredTotal = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        const offered = new Set(
          monthAvailability(MONTH, input).flatMap((d) =>
            d.slots.filter((x) => !x.busy).map((x) => `${d.date} ${x.time}`),
          ),
        );
        offeredTotal += offered.size;
        for (const [date, time] of everyCandidate(input)) {
          expect(offered.has(`${date} ${time}`)).toBe(slotRefusal(input, date, time) === null);
        }
        // Off-grid times are never accepted.
        for (const key of offered) {
          const [date, time] = key.split(' ') as [string, string];
          const off = formatTime((Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 1) % 1440);
          if (!offered.has(`${date} ${off}`)) expect(slotRefusal(input, date, off)).not.toBeNull();
        }
      }),
      { numRuns: 25 },
    );
    // The scenarios are not vacuous: plenty of slots were offered and checked.
    expect(offeredTotal).toBeGreaterThan(1000);
  });

  it('no offered slot breaks a rule: notice, horizon, closures, daily limit, overrides, buffers', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        const { event } = s;
        const now = input.now.getTime();
        const today = todayInZone(input.now, TZ);
        const last = horizonLastDate(today, event.bookingHorizonDays);
        for (const day of monthAvailability(MONTH, input)) {
          for (const slot of day.slots.filter((x) => !x.busy)) {
            const { start, end } = slotInterval(day.date, slot.time, event.durationMinutes, TZ);
            expect(start).toBeGreaterThanOrEqual(now + (event.minimumNoticeMinutes ?? 0) * MINUTE);
            if (last) expect(day.date <= last).toBe(true);
            const override = event.dateOverrides?.find((o) => o.date === day.date);
            expect(override && 'closed' in override && override.closed).toBeFalsy();
            if (!override) expect(event.workingDays[weekdayKeyOf(day.date)]?.enabled).toBe(true);
            if (event.maxBookingsPerDay != null)
              expect(input.dayCounts!.get(day.date) ?? 0).toBeLessThan(event.maxBookingsPerDay);
            const inClosure = (c: Closure) => c.startDate <= day.date && c.endDate >= day.date;
            expect(s.closures.some((c) => c.agendaId === null && inClosure(c))).toBe(false);
            // Some agenda is open that day and its blocked range is clear of everything there.
            const blocked = blockedRange(start, end, event);
            const free = AGENDAS.some(
              (id, i) =>
                !s.closures.some((c) => c.agendaId === id && inClosure(c)) &&
                s.agendaTaken[i]!.every((t) => t.end <= blocked.start || t.start >= blocked.end),
            );
            expect(free).toBe(true);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('bookings taken one by one through the decision never have overlapping blocked ranges', () => {
    fc.assert(
      fc.property(event, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (e, picks) => {
        const taken: TakenInterval[] = [];
        const now = new Date(Date.UTC(2027, 1, 20));
        for (const pick of picks) {
          const input: AvailabilityInput = {
            event: e,
            timeZone: TZ,
            taken: [],
            agendaTaken: [taken],
            agendaIds: ['a1'],
            now,
          };
          const free = monthAvailability(MONTH, input).flatMap((d) =>
            d.slots.filter((x) => !x.busy).map((x) => [d.date, x.time] as const),
          );
          if (!free.length) break;
          const [date, time] = free[pick % free.length]!;
          const { start, end } = slotInterval(date, time, e.durationMinutes, TZ);
          taken.push(blockedRange(start, end, e));
        }
        const sorted = [...taken].sort((a, b) => a.start - b.start);
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
      }),
      { numRuns: 100 },
    );
  });

  it("every offered time passes the server's check and its blocked range overlaps nothing taken", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        // checkSlot re-checks without occupancy (the write's exclusion constraint decides overlaps).
        const server: AvailabilityInput = { ...input, agendaTaken: undefined, dayCounts: undefined };
        for (const day of monthAvailability(MONTH, input)) {
          for (const slot of day.slots.filter((x) => !x.busy)) {
            expect(slotRefusal(server, day.date, slot.time)).toBeNull();
            const { start, end } = slotInterval(day.date, slot.time, s.event.durationMinutes, TZ);
            const blocked = blockedRange(start, end, s.event);
            expect(
              s.agendaTaken.some((taken) =>
                taken.every((t) => t.end <= blocked.start || t.start >= blocked.end),
              ),
            ).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('with the duration as step, buffers cost only their minutes: a whole day books back to back', () => {
    fc.assert(
      fc.property(event, monthDay, (e, date) => {
        const rules = { ...e, slotIntervalMinutes: null, dateOverrides: [] };
        const taken: TakenInterval[] = [];
        const input = (): AvailabilityInput => ({
          event: rules,
          timeZone: TZ,
          taken: [],
          agendaTaken: [taken],
          agendaIds: ['a1'],
          now: new Date(Date.UTC(2027, 0, 1)),
          owner: true,
        });
        const grid = slotJudge(input()).day(date).grid;
        for (const { time } of grid) {
          expect(slotRefusal(input(), date, time), `${date} ${time}`).toBeNull();
          const { start, end } = slotInterval(date, time, rules.durationMinutes, TZ);
          taken.push(blockedRange(start, end, rules));
        }
      }),
      { numRuns: 200 },
    );
  });
});

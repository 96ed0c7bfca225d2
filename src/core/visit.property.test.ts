import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agendaWindows, fitsWindows, type AgendaHours } from './agenda-hours';
import {
  slotInterval,
  type AvailabilityInput,
  type RulesEvent,
  type TakenInterval,
} from './month-availability';
import { formatTime } from './time';
import { segmentStep, visitMonthAvailability, visitPlaces } from './visit';

/** One Monday (7 December 2026) of a salon with three agendas: two stylists (0, 1) and a room (2). */
const DATE = '2026-12-07';
const MONTH = '2026-12';
const MINUTE = 60_000;

const quarter = (from: number, to: number) => fc.integer({ min: from * 4, max: to * 4 }).map((q) => q * 15);
const occupancy = fc.array(
  fc.record({ agenda: fc.integer({ min: 0, max: 2 }), start: quarter(8, 17), minutes: quarter(0.25, 2) }),
  { maxLength: 10 },
);
const hours: fc.Arbitrary<AgendaHours | null> = fc.option(
  fc.record({ start: quarter(8, 11), end: quarter(13, 18) }).map(({ start, end }) => ({
    workingDays: { '1': { enabled: true, startTime: formatTime(start), endTime: formatTime(end) } },
  })),
  { nil: null },
);
const groups = fc.constantFrom([[0, 1]], [[0, 1], [2]], [[0], [2]], [[2]]);
const service = fc.record({
  duration: fc.constantFrom(15, 30, 45, 60, 90),
  before: fc.constantFrom(0, 0, 5, 15),
  after: fc.constantFrom(0, 0, 10, 15),
  start: quarter(8, 10),
  end: quarter(14, 18),
  pause: fc.option(quarter(11, 14), { nil: null }),
  notice: fc.constantFrom(0, 0, 60, 240),
  groups,
});
const now = fc.constantFrom(
  new Date('2026-11-01T00:00:00Z'),
  new Date('2026-12-07T10:10:00Z'), // 11:10 in Amsterdam: the morning has passed
);

type Service = typeof service extends fc.Arbitrary<infer S> ? S : never;

function input(
  s: Service,
  taken: ReadonlyArray<{ agenda: number; start: number; minutes: number }>,
  agendaHours: ReadonlyArray<AgendaHours | null>,
  at: Date,
): AvailabilityInput {
  const event: RulesEvent = {
    workingDays: { '1': { enabled: true, startTime: formatTime(s.start), endTime: formatTime(s.end) } },
    dailyPauseTimes:
      s.pause === null ? {} : { '1': [{ start: formatTime(s.pause), end: formatTime(s.pause + 30) }] },
    dateRangeType: 'range',
    dateRangeStart: DATE,
    dateRangeEnd: DATE,
    durationMinutes: s.duration,
    bufferBeforeMinutes: s.before,
    bufferAfterMinutes: s.after,
    minimumNoticeMinutes: s.notice,
  };
  return {
    event,
    taken: [],
    agendaIds: ['anna', 'bram', 'room'],
    agendaTaken: [0, 1, 2].map((i) =>
      taken.filter((o) => o.agenda === i).map((o) => slotInterval(DATE, formatTime(o.start), o.minutes)),
    ),
    agendaHours,
    agendaGroups: s.groups,
    now: at,
  };
}

const overlaps = (a: TakenInterval, b: TakenInterval) => a.start < b.end && a.end > b.start;

describe('visitMonthAvailability and visitPlaces (properties)', () => {
  it('a time the month offers free is exactly one visitPlaces accepts, each segment in free agendas', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(service, { minLength: 1, maxLength: 3 }),
        occupancy,
        fc.tuple(hours, hours, hours),
        now,
        (services, taken, agendaHours, at) => {
          const inputs = services.map((s) => input(s, taken, agendaHours, at));
          const days = visitMonthAvailability(MONTH, inputs);
          const slots = days.find((d) => d.date === DATE)?.slots ?? [];
          expect(days.every((d) => d.date === DATE)).toBe(true);
          const offered = new Set(slots.map((s) => s.time));
          // Every five minutes of the day: free in the month iff accepted; accepted only at offered times.
          for (let m = 7 * 60; m < 19 * 60; m += 5) {
            const time = formatTime(m);
            const places = visitPlaces(inputs, DATE, time);
            const slot = slots.find((s) => s.time === time);
            if (Array.isArray(places)) {
              accepted++;
              expect(slot, time).toEqual({ time, busy: false });
              // The naive check: each segment in its service's hours, and free agendas really free.
              let at2 = m;
              places.forEach((place, k) => {
                const s = services[k]!;
                if (k > 0) at2 += segmentStep(inputs[k - 1]!.event, inputs[k]!.event);
                expect(place.minutes).toBe(at2);
                expect(at2 >= s.start && at2 + s.duration <= s.end).toBe(true);
                if (s.pause !== null) expect(at2 < s.pause + 30 && at2 + s.duration > s.pause).toBe(false);
                const start = slotInterval(DATE, formatTime(at2), s.duration).start;
                const blocked = {
                  start: start - s.before * MINUTE,
                  end: start + (s.duration + s.after) * MINUTE,
                };
                expect(place.free).toHaveLength(s.groups.length);
                place.free.forEach((free, g) => {
                  expect(free.length).toBeGreaterThan(0);
                  for (const i of free) {
                    expect(s.groups[g]).toContain(i);
                    expect(inputs[k]!.agendaTaken![i]!.some((o) => overlaps(o, blocked))).toBe(false);
                    expect(fitsWindows(agendaWindows(agendaHours[i], DATE), at2, s.duration)).toBe(true);
                  }
                });
              });
            } else if (slot) {
              expect(slot.busy, `${time}: ${places.rule}`).toBe(true);
            } else {
              expect(offered.has(time)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // The runs were not all refusals.
    expect(accepted).toBeGreaterThan(100);
  });
});

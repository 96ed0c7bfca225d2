/**
 * B4: the pure availability rules (src/core) for a whole year of an event with working hours,
 * pauses every day and 5,000 bookings: every slot's free/busy state. Then with 50,000 bookings,
 * which must cost at most 12× the time (the algorithm is O((slots + bookings) log bookings)).
 */
import {
  availableDates,
  availabilityForDates,
  slotInterval,
  type SchedulableEvent,
  type TakenInterval,
} from '../src/core/index';
import { percentile, report, timeRuns, type Figure } from './lib';

const event: SchedulableEvent = {
  workingDays: Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: k !== '0', startTime: '08:00', endTime: '20:00' },
    ]),
  ),
  dateRangeType: 'range',
  dateRangeStart: '2027-01-01',
  dateRangeEnd: '2027-12-31',
  dailyPauseTimes: Object.fromEntries(
    ['1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      [
        { start: '10:30', end: '10:45' },
        { start: '12:30', end: '13:15' },
        { start: '15:30', end: '15:45' },
      ],
    ]),
  ),
  durationMinutes: 15,
};
const now = new Date('2026-12-31T12:00:00Z');
const dates = availableDates(event, { today: '2026-12-31' });

/** `count` bookings of 15–60 minutes spread over the year's slots (they may overlap each other). */
function bookings(count: number): TakenInterval[] {
  const slots: TakenInterval[] = [];
  for (const date of dates)
    for (let m = 8 * 60; m < 20 * 60; m += 15)
      slots.push(
        slotInterval(
          date,
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
          15,
          'Europe/Amsterdam',
        ),
      );
  const taken: TakenInterval[] = [];
  // A fixed pseudo-random sequence, so every run measures the same data.
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const s = slots[Math.floor(next() * slots.length)]!;
    taken.push({ start: s.start, end: s.start + (1 + Math.floor(next() * 4)) * 15 * 60_000 });
  }
  return taken;
}

const year = (taken: TakenInterval[]) => async () =>
  availabilityForDates(dates, { event, timeZone: 'Europe/Amsterdam', taken, now });
const slotCount = availabilityForDates(dates, { event, taken: [], now }).reduce(
  (n, d) => n + d.slots.length,
  0,
);
console.log(`${dates.length} days, ${slotCount} slots`);

const base = percentile(await timeRuns(year(bookings(5_000)), 60, 10), 50);
const tenfold = percentile(await timeRuns(year(bookings(50_000)), 60, 10), 50);
const figures: Figure[] = [
  {
    id: 'B4',
    name: `core: a year (${slotCount} slots, pauses) with 5,000 bookings, median`,
    value: base,
    unit: 'ms',
    target: '≤ 5 ms',
    pass: base <= 5,
  },
  {
    id: 'B4',
    name: 'core: the same with 50,000 bookings, median',
    value: tenfold,
    unit: 'ms',
    target: 'informative',
    pass: true,
  },
  {
    id: 'B4',
    name: 'core: 10× the bookings costs',
    value: tenfold / base,
    unit: '×',
    target: '≤ 12×',
    pass: tenfold / base <= 12,
  },
];
report('b4-availability-core', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

/**
 * Which slots of an event are free, per day of a month, given the taken intervals. One pass over
 * sorted slots and sorted intervals, so a year with thousands of bookings stays cheap.
 */
import { isDateAvailable, slotsForDay } from './availability';
import { daysInMonth, parseTime, weekdayKeyOf } from './time';
import { DEFAULT_TIME_ZONE, todayInZone, zonedDayToUtc, zonedTimeToUtc } from './timezone';
import type { SchedulableEvent } from './types';

/** A taken interval in epoch milliseconds, [start, end). */
export type TakenInterval = { start: number; end: number };
export type SlotState = { time: string; busy: boolean };
export type DayAvailability = { date: string; slots: SlotState[] };

const MINUTE = 60_000;

/** The absolute interval of a slot in the owner's time zone. */
export function slotInterval(
  date: string,
  time: string,
  durationMinutes: number,
  timeZone = DEFAULT_TIME_ZONE,
): TakenInterval {
  const start = zonedTimeToUtc(date, time, timeZone).getTime();
  return { start, end: start + durationMinutes * MINUTE };
}

export interface AvailabilityInput {
  event: SchedulableEvent;
  timeZone?: string;
  /** Intervals that block the slot whatever agenda would take it; any order. */
  taken: readonly TakenInterval[];
  /**
   * Per agenda the booking may use (docs/PRODUCT.md#agendas): what occupies it (live bookings of any
   * service, its Google busy times). A slot is busy when every agenda is; left out, `taken` decides.
   */
  agendaTaken?: ReadonlyArray<readonly TakenInterval[]>;
  now: Date;
}

/** Answers "does [start, end) overlap any taken interval?" in O(log n) for any set of intervals. */
export function takenIndex(intervals: readonly TakenInterval[]) {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const starts = sorted.map((t) => t.start);
  // prefixMaxEnd[i] = the latest end among the first i + 1 intervals by start.
  const prefixMaxEnd: number[] = [];
  sorted.forEach((t, i) => prefixMaxEnd.push(Math.max(t.end, i > 0 ? prefixMaxEnd[i - 1]! : -Infinity)));
  return (slot: TakenInterval): boolean => {
    // hi = number of intervals that start before the slot ends.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! < slot.end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && prefixMaxEnd[lo - 1]! > slot.start;
  };
}

/**
 * Free and busy slots for the given dates. Slots that start at or before `now` are left out: they
 * can no longer be booked. Days left without any slot are dropped.
 */
export function availabilityForDates(dates: readonly string[], input: AvailabilityInput): DayAvailability[] {
  const { event, now } = input;
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const common = takenIndex(input.taken);
  const perAgenda = (input.agendaTaken ?? []).map(takenIndex);
  const isTaken = (slot: TakenInterval) =>
    common(slot) || (perAgenda.length > 0 && perAgenda.every((agendaTaken) => agendaTaken(slot)));
  const result: DayAvailability[] = [];
  const nowMs = now.getTime();
  const length = event.durationMinutes * MINUTE;
  // A weekday's slots are the same on every date (slotsForDate = available date + slotsForDay).
  const weekdaySlots = new Map<string, Array<{ time: string; minutes: number }>>();
  for (const date of dates) {
    if (!isDateAvailable(event, date)) continue;
    const key = weekdayKeyOf(date);
    let daySlots = weekdaySlots.get(key);
    if (!daySlots) {
      daySlots = slotsForDay(event.workingDays[key], event.dailyPauseTimes?.[key], event.durationMinutes).map(
        (time) => ({ time, minutes: parseTime(time)! }),
      );
      weekdaySlots.set(key, daySlots);
    }
    const slots: SlotState[] = [];
    const toUtc = zonedDayToUtc(date, timeZone);
    for (const { time, minutes } of daySlots) {
      const start = toUtc(minutes);
      if (start > nowMs) slots.push({ time, busy: isTaken({ start, end: start + length }) });
    }
    if (slots.length > 0) result.push({ date, slots });
  }
  return result;
}

/** Availability of every bookable date of a month ('yyyy-MM'), from the owner's today on. */
export function monthAvailability(month: string, input: AvailabilityInput): DayAvailability[] {
  const today = todayInZone(input.now, input.timeZone ?? DEFAULT_TIME_ZONE);
  // The month's own days only: enumerating the event's whole range (up to three years) to keep one
  // month of it was most of the cost of a booking page's availability call.
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const dates: string[] = [];
  for (let day = 1; day <= daysInMonth(year, mon); day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (isDateAvailable(input.event, date, { today })) dates.push(date);
  }
  return availabilityForDates(dates, input);
}

/** A booking's own slot: 'yyyy-MM-dd' and 'HH:mm'. */
export type OwnSlot = { date: string; time: string };

/**
 * The choices for moving a booking: its own slot counts as free (a booking does not block itself) and
 * stays offered on its own day even when the clock or a changed schedule would no longer offer it, so
 * the customer or owner can always keep it. `days` cover the month `month` ('yyyy-MM'); the own day is
 * added only when it lies in that month.
 */
export function withOwnSlot(
  days: readonly DayAvailability[],
  own: OwnSlot,
  month: string,
): DayAvailability[] {
  const free: SlotState = { time: own.time, busy: false };
  const result = days.map((d) =>
    d.date !== own.date
      ? d
      : {
          ...d,
          slots: (d.slots.some((s) => s.time === own.time)
            ? d.slots.map((s) => (s.time === own.time ? free : s))
            : [...d.slots, free]
          ).sort((a, b) => a.time.localeCompare(b.time)),
        },
  );
  if (own.date.startsWith(`${month}-`) && !result.some((d) => d.date === own.date)) {
    result.push({ date: own.date, slots: [free] });
    result.sort((a, b) => a.date.localeCompare(b.date));
  }
  return result;
}

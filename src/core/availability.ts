/**
 * Which dates and start times an event offers. Used by the public booking wizard to list
 * choices and by the server to re-check a submitted slot, so both always agree.
 */
import {
  addDays,
  compareDates,
  dateToEpochDay,
  formatTime,
  MINUTES_PER_DAY,
  parseTime,
  weekdayKeyOf,
} from './time';
import {
  MAX_RANGE_DAYS,
  type DateOverride,
  type Pause,
  type SchedulableEvent,
  type WorkingDay,
} from './types';

export type AvailableDatesOptions = {
  /** Dates before this (the owner's today) are dropped. */
  today?: string;
};

function overrideOn(event: SchedulableEvent, date: string): DateOverride | undefined {
  return event.dateOverrides?.find((o) => o.date === date);
}

/**
 * The hours of `date`: a date override's (closed, or other hours, even on a weekday that is
 * normally off) or else the weekday's. Null when the service does not run that day.
 */
export function workingDayOn(event: SchedulableEvent, date: string): WorkingDay | null {
  const override = event.dateOverrides?.length ? overrideOn(event, date) : undefined;
  if (override) {
    return override.closed
      ? null
      : { enabled: true, startTime: override.startTime, endTime: override.endTime };
  }
  const day = event.workingDays[weekdayKeyOf(date)];
  return day?.enabled ? day : null;
}

/** Whether `date` has hours of its own (an override), so its slots differ from its weekday's. */
export function hasDateOverride(event: SchedulableEvent, date: string): boolean {
  return Boolean(event.dateOverrides?.length && overrideOn(event, date));
}

function isWeekdayEnabled(event: SchedulableEvent, date: string): boolean {
  return workingDayOn(event, date) !== null;
}

const OPEN_END = Symbol('open end');

/** A range's last date; an ongoing service has none (its enumeration stops at MAX_RANGE_DAYS). */
function rangeEnd(event: SchedulableEvent): string | typeof OPEN_END | null {
  if (event.dateRangeType === 'ongoing') return OPEN_END;
  return event.dateRangeEnd || null;
}

function uniqueSorted(dates: Iterable<string>): string[] {
  return [...new Set(dates)].sort(compareDates);
}

/**
 * Range: every day from start to end inclusive whose weekday is enabled.
 * Ongoing: the same without an end (the booking horizon ends it where the owner set one).
 * Specific: the listed dates whose weekday is enabled, sorted ascending and unique.
 * Invalid dates are skipped; a range is enumerated for at most MAX_RANGE_DAYS days from its
 * effective start (the later of its start and `today`).
 */
export function availableDates(event: SchedulableEvent, opts: AvailableDatesOptions = {}): string[] {
  const today = opts.today !== undefined && dateToEpochDay(opts.today) !== null ? opts.today : null;
  const result: string[] = [];

  if (event.dateRangeType === 'range' || event.dateRangeType === 'ongoing') {
    const { dateRangeStart: start } = event;
    const end = rangeEnd(event);
    const startDay = start ? dateToEpochDay(start) : null;
    const endDay = end === OPEN_END ? Infinity : end ? dateToEpochDay(end) : null;
    if (start && end && startDay !== null && endDay !== null) {
      const first = today !== null && compareDates(today, start) > 0 ? today : start;
      const count = Math.min(endDay - (dateToEpochDay(first) as number) + 1, MAX_RANGE_DAYS);
      for (let i = 0; i < count; i++) {
        const date = addDays(first, i);
        if (isWeekdayEnabled(event, date)) result.push(date);
      }
    }
  } else if (event.dateRangeType === 'specific') {
    for (const date of event.specificDates ?? []) {
      if (dateToEpochDay(date) === null) continue;
      if (today !== null && compareDates(date, today) < 0) continue;
      if (isWeekdayEnabled(event, date)) result.push(date);
    }
  }

  return uniqueSorted(result);
}

/** Same answer as `availableDates(event, { today }).includes(date)` without enumerating a range. */
export function isDateAvailable(
  event: SchedulableEvent,
  date: string,
  opts: { today?: string } = {},
): boolean {
  const day = dateToEpochDay(date);
  if (day === null || !isWeekdayEnabled(event, date)) return false;
  const today = opts.today !== undefined && dateToEpochDay(opts.today) !== null ? opts.today : null;
  if (today !== null && compareDates(date, today) < 0) return false;

  if (event.dateRangeType === 'range' || event.dateRangeType === 'ongoing') {
    const { dateRangeStart: start } = event;
    const end = rangeEnd(event);
    if (!start || !end) return false;
    const startDay = dateToEpochDay(start);
    const endDay = end === OPEN_END ? Infinity : dateToEpochDay(end);
    if (startDay === null || endDay === null) return false;
    const firstDay = today !== null ? Math.max(startDay, dateToEpochDay(today) as number) : startDay;
    return day >= firstDay && day <= endDay && day < firstDay + MAX_RANGE_DAYS;
  }
  if (event.dateRangeType === 'specific') return (event.specificDates ?? []).includes(date);
  return false;
}

/** Valid pauses as minute intervals; an unparsable or empty/inverted pause blocks nothing. */
export function pauseIntervals(pauses: readonly Pause[] | null | undefined): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const p of pauses ?? []) {
    const start = parseTime(p.start);
    const end = parseTime(p.end);
    if (start !== null && end !== null && end > start) out.push([start, end]);
  }
  return out;
}

/** The buffers of a service as the grid sees them; left out, none. */
export type GridBuffers = { bufferBeforeMinutes?: number | null; bufferAfterMinutes?: number | null };

/**
 * The start times of a day (docs/PRODUCT.md#slots). The spec's grid, for a service without buffers
 * whose step is its duration: start at the day's start time and step by the duration. Otherwise the
 * step is the slot interval, or without one the time a booking takes with its buffers (before +
 * duration + after, so back-to-back bookings fit and a buffer costs only its own minutes), and the
 * grid starts again at the end of every pause, so the first time after lunch is bookable. Each slot
 * must end by the day's end time and a slot overlapping a pause (slot start < pause end && slot end >
 * pause start) is dropped; buffers may fall in a pause or outside the hours.
 */
export function slotsForDay(
  workingDay: WorkingDay | null | undefined,
  pauses: readonly Pause[] | null | undefined,
  durationMinutes: number,
  slotIntervalMinutes?: number | null,
  buffers?: GridBuffers | null,
): string[] {
  if (!workingDay?.enabled) return [];
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) return [];
  const before = buffers?.bufferBeforeMinutes ?? 0;
  const after = buffers?.bufferAfterMinutes ?? 0;
  const specGrid = slotIntervalMinutes == null && before === 0 && after === 0;
  const step = slotIntervalMinutes ?? durationMinutes + before + after;
  if (!Number.isInteger(step) || step <= 0) return [];
  const dayStart = parseTime(workingDay.startTime);
  const dayEnd = parseTime(workingDay.endTime);
  if (dayStart === null || dayEnd === null) return [];

  const blocked = pauseIntervals(pauses);
  // Each run of the grid lasts until the next one starts: a run's slots that survive the pauses end
  // before the pause whose end starts the next run, so two runs never overlap.
  const anchors = specGrid
    ? [dayStart]
    : [
        ...new Set([dayStart, ...blocked.map(([, pe]) => pe).filter((pe) => pe > dayStart && pe < dayEnd)]),
      ].sort((a, b) => a - b);
  const slots: string[] = [];
  anchors.forEach((anchor, i) => {
    const until = anchors[i + 1] ?? Infinity;
    for (let start = anchor; start < until && start + durationMinutes <= dayEnd; start += step) {
      const end = start + durationMinutes;
      if (!blocked.some(([ps, pe]) => start < pe && end > ps)) slots.push(formatTime(start));
    }
  });
  return slots;
}

/** Start times offered on `date`; empty when the date is not one of the event's available dates. */
export function slotsForDate(event: SchedulableEvent, date: string, opts: { today?: string } = {}): string[] {
  if (!isDateAvailable(event, date, opts)) return [];
  return slotsForDay(
    workingDayOn(event, date),
    event.dailyPauseTimes?.[weekdayKeyOf(date)],
    event.durationMinutes,
    event.slotIntervalMinutes,
    event,
  );
}

/** Server-side re-check of a submitted slot: available date, on the grid, within hours, not in a pause. */
export function isBookableSlot(
  event: SchedulableEvent,
  date: string,
  time: string,
  opts: { today?: string } = {},
): boolean {
  return parseTime(time) !== null && slotsForDate(event, date, opts).includes(time);
}

/**
 * End time of a slot. Wraps past midnight (the clock time shown the next day); slots produced by
 * slotsForDay never do. Null for an invalid time or a non-positive / fractional duration.
 */
export function slotEnd(time: string, durationMinutes: number): string | null {
  const start = parseTime(time);
  if (start === null || !Number.isInteger(durationMinutes) || durationMinutes <= 0) return null;
  return formatTime((start + durationMinutes) % MINUTES_PER_DAY);
}

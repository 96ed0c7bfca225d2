/**
 * Wall-clock <-> instant conversion for IANA time zones using only Intl.DateTimeFormat,
 * so the same code runs in Node and in the browser without a tz database dependency.
 *
 * DST policy (same as Temporal's 'compatible' disambiguation):
 * - a wall time inside a spring-forward gap is shifted forward by the gap
 *   (2026-03-29 02:30 Amsterdam -> 03:30 CEST), so a booking never silently moves earlier;
 * - an ambiguous wall time in a fall-back overlap resolves to the earlier instant (CEST).
 * Slots never rely on the first: a time inside the gap is not offered nor accepted
 * (isExistingWallTime), so what is stored is what the customer picked.
 */
import { dateToEpochDay, epochDayToDate, formatTime, parseTime } from './time';

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

export type ZonedDateTime = { date: string; time: string; minutes: number };

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
// Real UTC offsets lie within -12h..+14h, so the offsets in effect around a wall time are
// found by sampling this far on either side of it.
const OFFSET_SEARCH_MS = 14 * 3_600_000;

// Creating Intl formatters is comparatively expensive; they are immutable, so cache per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock fields of an instant in a zone, as a "UTC" millisecond value (seconds precision). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const era = parts.find((p) => p.type === 'era')?.value ?? 'AD';
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  // Some older engines print midnight as hour 24 even with h23.
  const hour = get('hour') % 24;
  const d = new Date(0);
  d.setUTCFullYear(year, get('month') - 1, get('day'));
  d.setUTCHours(hour, get('minute'), get('second'), 0);
  return d.getTime();
}

/** UTC offset (wall minus UTC, in ms) of the zone at an instant. */
function offsetAt(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSecond, timeZone) - wholeSecond;
}

// Offsets around each day, per zone and epoch day: the availability of a year asks for every slot
// of ~300 days, and Intl formatting (~10 µs a call) would otherwise dominate. Offsets of a zone never
// change while the process runs; the cache is bounded so odd inputs cannot grow it without end.
type DayOffsets = { before: number; after: number; transition: number };
const dayOffsets = new Map<string, DayOffsets>();
const DAY_OFFSETS_MAX = 20_000;

/**
 * The offsets in effect before and after the (at most one) transition within 14 h around a
 * wall-clock day, and the instant of that transition (Infinity when there is none).
 */
function offsetsOfDay(day: number, timeZone: string): DayOffsets {
  const key = `${timeZone}|${day}`;
  const cached = dayOffsets.get(key);
  if (cached) return cached;
  let lo = day * MS_PER_DAY - OFFSET_SEARCH_MS;
  let hi = (day + 1) * MS_PER_DAY + OFFSET_SEARCH_MS;
  const before = offsetAt(lo, timeZone);
  const after = offsetAt(hi, timeZone);
  // Binary search to the second: the first instant with the new offset.
  if (before !== after) {
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2000) * 1000;
      if (offsetAt(mid, timeZone) === before) lo = mid;
      else hi = mid;
    }
  }
  const offsets = { before, after, transition: before === after ? Infinity : hi };
  if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
  dayOffsets.set(key, offsets);
  return offsets;
}

/**
 * A converter for many wall times of one date: minutes since midnight → UTC epoch ms, under the DST
 * policy at the top of this file. One lookup per day (cached), then plain arithmetic per time.
 */
export function zonedDayToUtc(
  date: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): (minutes: number) => number {
  const day = dateToEpochDay(date);
  if (day === null) throw new RangeError(`Invalid date: ${date}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const { before, after, transition } = offsetsOfDay(day, timeZone);
  return (minutes) => {
    const wallMs = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
    const early = wallMs - before;
    if (early < transition) return early;
    const late = wallMs - after;
    // In a gap neither reading exists: keep the pre-transition offset (lands later in wall time).
    return late >= transition ? late : early;
  };
}

/**
 * The wall-clock minutes of `date` that do not exist in `timeZone` (the hour the clock skips in
 * spring: 02:00–03:00 on the last Sunday of March in Amsterdam), as [from, to); null when none.
 */
export function skippedMinutes(date: string, timeZone: string = DEFAULT_TIME_ZONE): [number, number] | null {
  return changedMinutes(date, timeZone, 'skipped');
}

/**
 * The wall-clock minutes of `date` that occur twice in `timeZone` (the hour the clock repeats in
 * autumn: 02:00–03:00 on the last Sunday of October in Amsterdam), as [from, to); null when none.
 */
export function repeatedMinutes(date: string, timeZone: string = DEFAULT_TIME_ZONE): [number, number] | null {
  return changedMinutes(date, timeZone, 'repeated');
}

function changedMinutes(
  date: string,
  timeZone: string,
  kind: 'skipped' | 'repeated',
): [number, number] | null {
  const day = dateToEpochDay(date);
  if (day === null || !isValidTimeZone(timeZone)) return null;
  const { before, after, transition } = offsetsOfDay(day, timeZone);
  if (kind === 'skipped' ? after <= before : after >= before) return null;
  const [lo, hi] = kind === 'skipped' ? [before, after] : [after, before];
  const from = (transition + lo - day * MS_PER_DAY) / MS_PER_MINUTE;
  const to = (transition + hi - day * MS_PER_DAY) / MS_PER_MINUTE;
  // Only the part of the change that falls on this date's own wall clock.
  return to <= 0 || from >= 24 * 60 ? null : [Math.max(0, from), Math.min(24 * 60, to)];
}

/** Whether `time` on `date` is a wall time the zone's clocks show (not skipped by a DST change). */
export function isExistingWallTime(
  date: string,
  time: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const minutes = parseTime(time);
  if (minutes === null) return false;
  const gap = skippedMinutes(date, timeZone);
  return gap === null || minutes < gap[0] || minutes >= gap[1];
}

/** Converts a wall-clock date + time in `timeZone` to the UTC instant. Throws on invalid input. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const minutes = parseTime(time);
  if (minutes === null) throw new RangeError(`Invalid time: ${time}`);
  return new Date(zonedDayToUtc(date, timeZone)(minutes));
}

/** The wall-clock date, time and minutes since midnight of an instant in `timeZone` (seconds dropped). */
export function utcToZoned(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedDateTime {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid instant');
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const wallMs = wallClockMs(ms, timeZone);
  const day = Math.floor(wallMs / MS_PER_DAY);
  const minutes = Math.floor((wallMs - day * MS_PER_DAY) / MS_PER_MINUTE);
  return { date: epochDayToDate(day), time: formatTime(minutes), minutes };
}

/**
 * An instant as an RFC 3339 date-time with the zone's offset at that instant, to the second:
 * '2027-10-31T02:30:00+02:00' and, an hour later, '2027-10-31T02:30:00+01:00'. Unlike a wall date and
 * time it names one instant also in the hour the clock repeats in autumn.
 */
export function toOffsetDateTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  if (Number.isNaN(ms)) throw new RangeError('Invalid instant');
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  // The offsets around the instant's UTC day (cached): a page of 200 bookings formats 800 instants,
  // and an Intl call each would be most of the page's time.
  const { before, after, transition } = offsetsOfDay(Math.floor(ms / MS_PER_DAY), timeZone);
  const offsetMinutes = Math.round((ms < transition ? before : after) / MS_PER_MINUTE);
  const wall = new Date(ms + offsetMinutes * MS_PER_MINUTE).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today's date in the zone, e.g. the owner's "today" for dropping past dates. */
export function todayInZone(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return utcToZoned(now, timeZone).date;
}

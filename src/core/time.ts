/**
 * Strict parsing and arithmetic for 'HH:mm' times and 'yyyy-MM-dd' dates.
 * All date arithmetic works on a day count (days since 1970-01-01) computed with UTC
 * fields only, so the result never depends on the machine's local time zone or DST.
 */

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** 'HH:mm' (24h, two-digit hour) -> minutes since midnight; null for anything else ('9:00', '24:00'). */
export function parseTime(value: string): number | null {
  const m = TIME_RE.exec(value);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since midnight (integer 0..1439) -> 'HH:mm'. Anything else is a programming error. */
export function formatTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`formatTime: minutes out of range: ${minutes}`);
  }
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** 'yyyy-MM-dd' -> days since 1970-01-01, or null when it is not a real calendar date. */
export function dateToEpochDay(value: string): number | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return Math.round(utcMidnight(year, month, day) / MS_PER_DAY);
}

/** Days since 1970-01-01 -> 'yyyy-MM-dd'. */
export function epochDayToDate(epochDay: number): string {
  const d = new Date(epochDay * MS_PER_DAY);
  return `${pad4(d.getUTCFullYear())}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** True only for real calendar dates in 'yyyy-MM-dd' form (2026-02-29 is false). */
export function isValidDate(value: unknown): value is string {
  return typeof value === 'string' && dateToEpochDay(value) !== null;
}

/** Throws on invalid input: callers validate at the boundary, so this signals a bug, not bad user data. */
function requireEpochDay(value: string): number {
  const day = dateToEpochDay(value);
  if (day === null) throw new RangeError(`Invalid date: ${value}`);
  return day;
}

export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`addDays: days must be an integer: ${days}`);
  return epochDayToDate(requireEpochDay(date) + days);
}

/** 'yyyy-MM' plus n months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' -> 'yyyy-MM'. */
export const monthOf = (date: string) => date.slice(0, 7);

/** 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday (4). */
export function weekdayOf(date: string): number {
  return (((requireEpochDay(date) + 4) % 7) + 7) % 7;
}

/** The key used by WorkingDays / DailyPauseTimes for this date. */
export function weekdayKeyOf(date: string): string {
  return String(weekdayOf(date));
}

/** Number of days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return requireEpochDay(to) - requireEpochDay(from);
}

/** -1 / 0 / 1. Valid 'yyyy-MM-dd' strings sort lexicographically in calendar order. */
export function compareDates(a: string, b: string): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this month.
  return new Date(utcMidnight(year, month + 1, 0)).getUTCDate();
}

/** Date.UTC maps years 0..99 to 1900..1999, so set the full year explicitly. */
function utcMidnight(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function pad4(n: number): string {
  return String(n).padStart(4, '0');
}

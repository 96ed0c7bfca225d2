import { DEFAULT_TIME_ZONE, isValidDate, parseTime, utcToZoned, zonedTimeToUtc } from '@core/index';

/**
 * The app's clock when tests fix "today" (TEST_TODAY, refused in production by config.ts). Only the
 * calendar day is chosen: the clock starts on that day at the current wall-clock time of day (or at
 * the given one) in the owner's zone and then runs at real speed, so session expiry, payment holds,
 * retries and job timing behave as they do every day.
 */

/** 'yyyy-MM-dd' or 'yyyy-MM-ddTHH:mm' (a fixed time of day, e.g. just before a DST change). */
const TEST_TODAY_RE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?$/;

/** The day and optional time of day of a TEST_TODAY value; null when it is not a real date and time. */
export function parseTestToday(value: string): { date: string; time?: string } | null {
  const m = TEST_TODAY_RE.exec(value);
  if (!m || !isValidDate(m[1])) return null;
  if (m[2] !== undefined && parseTime(m[2]) === null) return null;
  return m[2] === undefined ? { date: m[1]! } : { date: m[1]!, time: m[2] };
}

/** What a server whose clock starts on TEST_TODAY warns at start (a test's own server expects it). */
export const TEST_TODAY_NOTICE = 'clock starts on TEST_TODAY (tests only)';

/**
 * A clock that reads `testToday` now and advances with the real one. All processes that build it
 * from the same value (test runner, server, fakes) agree to within the seconds between their starts.
 */
export function clockStartingOn(
  testToday: string,
  timeZone = DEFAULT_TIME_ZONE,
  realNow: () => number = Date.now,
): () => Date {
  const parsed = parseTestToday(testToday);
  if (!parsed)
    throw new RangeError(
      `TEST_TODAY must be yyyy-MM-dd or yyyy-MM-ddTHH:mm, got ${JSON.stringify(testToday)}`,
    );
  const startedAt = realNow();
  const wall = utcToZoned(new Date(startedAt), timeZone);
  // utcToZoned drops the seconds: keep them, so the first reading is not up to a minute early.
  const seconds = parsed.time ? 0 : startedAt % 60_000;
  const offset =
    zonedTimeToUtc(parsed.date, parsed.time ?? wall.time, timeZone).getTime() + seconds - startedAt;
  return () => new Date(realNow() + offset);
}

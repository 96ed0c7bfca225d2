/**
 * "Today" for every test, and the dates a test books. Shared by the vitest harness and the
 * Playwright specs (e2e/support), so the API tests, the e2e server and the browser agree.
 *
 * TEST_TODAY=yyyy-MM-dd (or yyyy-MM-ddTHH:mm) fixes the day for the whole suite: the fixtures
 * below, createTestApp (its default `now`), the e2e server (playwright.config.ts passes it on) and
 * the browser (`page.clock`, e2e/support/test.ts). Unset, today is the real one. Either way the
 * clock runs at real speed from there (src/server/clock.ts), so expiry and job timing still work.
 * `npm run test:calendar` runs the date-sensitive suites on a list of such days.
 *
 * A test never books "today + n days": the weekday may be closed, the date outside the event's
 * range, or across a DST change. It asks for the dates the event allows, by its own rules.
 */
import {
  addDays,
  availableDates,
  DEFAULT_TIME_ZONE,
  todayInZone,
  zonedTimeToUtc,
  type SchedulableEvent,
} from '@core/index';
import { clockStartingOn } from '../clock';

/** The test owners' zone (the app's default). */
export const OWNER_ZONE = DEFAULT_TIME_ZONE;

/** The variable that fixes "today" for the suite. */
export const TEST_TODAY_VAR = 'TEST_TODAY';

const fixed = process.env[TEST_TODAY_VAR] || undefined;
const fixedClock = fixed ? clockStartingOn(fixed, OWNER_ZONE) : undefined;

/**
 * What a server process started by a test needs to share the suite's today: TEST_TODAY, and a
 * NODE_ENV that allows it (config.ts refuses TEST_TODAY in production). Empty when unset.
 */
export function testTodayEnv(): Record<string, string> {
  return fixed ? { [TEST_TODAY_VAR]: fixed, NODE_ENV: 'test' } : {};
}

/** The clock to give an app under test when TEST_TODAY is set; undefined means the real one. */
export function testClock(): (() => Date) | undefined {
  return fixedClock;
}

/** Now, as the apps under test see it. */
export function testNow(): Date {
  return fixedClock ? fixedClock() : new Date();
}

/** Today in the owner's zone, as the apps under test see it. */
export function testToday(): string {
  return todayInZone(testNow(), OWNER_ZONE);
}

/** `n` days after (or before) today: for range bounds and arbitrary inputs, never for a booking. */
export function daysFromToday(n: number): string {
  return addDays(testToday(), n);
}

/** An event range that starts today and is open for `days` days (the usual test event). */
export function upcomingRange(days = 60): {
  dateRangeType: 'range';
  dateRangeStart: string;
  dateRangeEnd: string;
} {
  return { dateRangeType: 'range', dateRangeStart: testToday(), dateRangeEnd: daysFromToday(days) };
}

/**
 * The first `count` dates `event` allows strictly after `after` (default: today), by its weekdays
 * and its range or specific dates. Throws when the event has fewer: a test asking for more dates
 * than its event offers is wrong, and should say so rather than book an unbookable day.
 */
export function bookableDates(
  event: SchedulableEvent,
  count: number,
  { after = testToday() }: { after?: string } = {},
): string[] {
  const dates = availableDates(event, { today: addDays(after, 1) }).slice(0, count);
  if (dates.length < count)
    throw new Error(`the event allows ${dates.length} dates after ${after}, the test needs ${count}`);
  return dates;
}

/** The next date `event` allows strictly after `after` (default: today). */
export function nextBookableDate(event: SchedulableEvent, opts: { after?: string } = {}): string {
  return bookableDates(event, 1, opts)[0]!;
}

/**
 * A date whose 24-hour reminder still lies ahead whatever the time of day: the event's first date
 * from the day after tomorrow on (tomorrow at 10:00 has its reminder today at 10:00, maybe past).
 */
export function dateWithReminderAhead(event: SchedulableEvent, skip = 0): string {
  return bookableDates(event, skip + 1, { after: daysFromToday(1) })[skip]!;
}

/** The instant of a wall-clock date and time in the owner's zone (never a hard-coded UTC offset). */
export function ownerInstant(date: string, time: string): Date {
  return zonedTimeToUtc(date, time, OWNER_ZONE);
}

/**
 * Quiet hours for text messages (SMS, WhatsApp): a phone buzzes in the customer's pocket, so nothing
 * is sent between 21:00 and 08:00 in the owner's zone. A message due then waits for 08:00; a reminder
 * goes at 20:59 the evening before instead, and when that moment has passed already it goes at 08:00
 * only if the appointment is at least an hour after that, else not at all. E-mail is not held.
 */
import { addDays } from './time';
import { utcToZoned, zonedTimeToUtc } from './timezone';

export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';
/** The last minute before the quiet hours, when a reminder due in them is sent instead. */
const EVENING = '20:59';
/** A reminder sent at 08:00 must leave at least this much before the appointment. */
const MORNING_MARGIN_MS = 60 * 60 * 1000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the instant falls in the quiet hours in `timeZone`. */
export function inQuietHours(at: Date, timeZone: string): boolean {
  const { minutes } = utcToZoned(at, timeZone);
  return minutes >= minutesOf(QUIET_FROM) || minutes < minutesOf(QUIET_UNTIL);
}

/** The first 08:00 in `timeZone` after `at` (which lies in the quiet hours). */
function morningAfter(at: Date, timeZone: string): Date {
  const { date, minutes } = utcToZoned(at, timeZone);
  const day = minutes < minutesOf(QUIET_UNTIL) ? date : addDays(date, 1);
  return zonedTimeToUtc(day, QUIET_UNTIL, timeZone);
}

/** The last 20:59 in `timeZone` at or before `at` (which lies in the quiet hours). */
function eveningBefore(at: Date, timeZone: string): Date {
  const { date, minutes } = utcToZoned(at, timeZone);
  const day = minutes >= minutesOf(QUIET_FROM) ? date : addDays(date, -1);
  return zonedTimeToUtc(day, EVENING, timeZone);
}

/**
 * When a text message due at `dueAt` goes out, or null when a reminder is better not sent at all.
 * `now` is when it is planned: a reminder's evening before that has passed already cannot be used.
 */
export function textSendAt(
  kind: 'reminder' | (string & {}),
  { dueAt, startsAt, now, timeZone }: { dueAt: Date; startsAt: Date; now: Date; timeZone: string },
): Date | null {
  if (!inQuietHours(dueAt, timeZone)) return dueAt;
  if (kind !== 'reminder') return morningAfter(dueAt, timeZone);
  const evening = eveningBefore(dueAt, timeZone);
  if (evening.getTime() >= now.getTime()) return evening;
  const morning = morningAfter(dueAt, timeZone);
  return startsAt.getTime() - morning.getTime() >= MORNING_MARGIN_MS ? morning : null;
}

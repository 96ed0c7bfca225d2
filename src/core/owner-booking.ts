/**
 * What a booking the owner writes down themselves (a phone call, a walk-in) overrules of the rules a
 * customer is held to (docs/PRODUCT.md#bookings-page). The owner may book outside the service's
 * hours and grid, in the past, within the minimum notice, past the horizon, on a closed day and over
 * the daily limit; each is a warning, never a refusal. Only an overlap refuses (the database's
 * exclusion constraint). The dialog shows these live and the server answers the same list.
 */
import { absentAt, agendaWindows, fitsWindows, type AgendaHours } from './agenda-hours';
import { isBookableSlot } from './availability';
import { customerFieldsOf, keepFieldAnswers, type FormField } from './customer';
import { closureOn, horizonLastDate, type Closure } from './booking-rules';
import { isDayFull, type RulesEvent } from './month-availability';
import { compareDates, isValidDate, parseTime } from './time';
import { DEFAULT_COUNTRY } from './countries';
import { toStoredPhone } from './phone';
import { todayInZone, zonedTimeToUtc } from './timezone';

export const OWNER_BOOKING_WARNINGS = [
  'outsideHours',
  'past',
  'notice',
  'horizon',
  'closed',
  'dayFull',
  'agendaAbsent',
  'agendaOutsideHours',
] as const;
export type OwnerBookingWarning = (typeof OWNER_BOOKING_WARNINGS)[number];

export interface OwnerBookingContext {
  event: RulesEvent;
  timeZone: string;
  /** The owner's closures covering the date. */
  closures: readonly Closure[];
  /** The agendas the booking may go to (the chosen one, or all of the service's). */
  agendaIds: readonly string[];
  /** Live bookings of this service on the date, the new one not counted. */
  dayCount: number;
  now: Date;
  /**
   * The own week and absences of each of `agendaIds`, in the same order (docs/PRODUCT.md#agenda-hours);
   * left out: none of them has any.
   */
  agendaHours?: ReadonlyArray<AgendaHours | null | undefined>;
}

/**
 * Whether no agenda the booking may go to works at [time, time + duration) of `date`: 'agendaAbsent'
 * when every one of them is away then (an absence the owner entered), else 'agendaOutsideHours'
 * (outside their own weeks, or some away and the rest off). Empty when one of them works then.
 */
export function agendaHoursWarnings(
  hours: ReadonlyArray<AgendaHours | null | undefined> | undefined,
  date: string,
  time: string,
  durationMinutes: number,
): OwnerBookingWarning[] {
  const start = parseTime(time);
  if (!hours?.length || start === null || !isValidDate(date)) return [];
  if (hours.some((h) => fitsWindows(agendaWindows(h, date), start, durationMinutes))) return [];
  return hours.every((h) => absentAt(h?.absences, date, start, durationMinutes))
    ? ['agendaAbsent']
    : ['agendaOutsideHours'];
}

/** The rules a customer would be refused by at `time` on `date`, in a fixed order; empty: none. */
export function ownerBookingWarnings(
  ctx: OwnerBookingContext,
  date: string,
  time: string,
): OwnerBookingWarning[] {
  if (!isValidDate(date) || parseTime(time) === null) return [];
  const { event, timeZone, now } = ctx;
  const warnings: OwnerBookingWarning[] = [];
  if (!isBookableSlot(event, date, time)) warnings.push('outsideHours');
  const start = zonedTimeToUtc(date, time, timeZone).getTime();
  if (start <= now.getTime()) warnings.push('past');
  else if (start < now.getTime() + (event.minimumNoticeMinutes ?? 0) * 60_000) warnings.push('notice');
  const lastDate = horizonLastDate(todayInZone(now, timeZone), event.bookingHorizonDays);
  if (lastDate !== null && compareDates(date, lastDate) > 0) warnings.push('horizon');
  if (closureOn(ctx.closures, date, ctx.agendaIds)) warnings.push('closed');
  if (isDayFull(ctx.dayCount, event.maxBookingsPerDay)) warnings.push('dayFull');
  // Last, so the server can add them to checkManualSlot's list in the same order.
  warnings.push(...agendaHoursWarnings(ctx.agendaHours, date, time, event.durationMinutes));
  return warnings;
}

/**
 * A phone number as the owner types it ('06 1234 5678', '+32 470 12 34 56', '0044 …') in the stored
 * form ('+31612345678'): with its own country code as written, else a Dutch number. '' stays ''; the
 * result is checked with isValidStoredPhone like the booking page's.
 */
export function ownerPhone(input: string): string {
  return toStoredPhone(DEFAULT_COUNTRY, input);
}

/**
 * The answers the owner's booking stores: the name, e-mail and phone the owner typed fill the fields
 * the booking page takes them from (so the answers, the webhook payload and the e-mails agree), and
 * only the service's own fields are kept. `others` are the fields the owner fills one by one (the
 * dialog shows these; their answers are checked like the booking page's, validateAnswers).
 */
export function ownerAnswers<F extends FormField>(
  fields: readonly F[],
  customer: { name: string; email?: string | null; phone?: string | null },
  answers: Readonly<Record<string, string>>,
) {
  const source = customerFieldsOf(fields);
  const merged: Record<string, string> = { ...answers };
  if (source.name) merged[source.name.fieldName] = customer.name;
  if (source.email) merged[source.email.fieldName] = customer.email ?? '';
  if (source.phone) merged[source.phone.fieldName] = customer.phone ?? '';
  const sourceNames = new Set([source.name, source.email, source.phone].map((f) => f?.fieldName));
  return {
    answers: keepFieldAnswers(fields, merged),
    others: fields.filter((f) => !sourceNames.has(f.fieldName)),
  };
}

/**
 * The owner's booking rules of a service (docs/PRODUCT.md#booking-rules): when customers may book and
 * change, buffers around a booking, the slot grid, a daily limit, date overrides and closures. Every
 * field is optional on the way in; left out, a rule does nothing and the spec's behaviour stands.
 */
import { compareDates } from './time';
import type { DateOverride } from './types';

export type BookingRules = {
  minimumNoticeMinutes: number;
  bookingHorizonDays: number | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotIntervalMinutes: number | null;
  maxBookingsPerDay: number | null;
  cancelCutoffHours: number | null;
  rescheduleCutoffHours: number | null;
  policyText: string | null;
  dateOverrides: DateOverride[];
};

/** The rules of a service that has none: today's product. */
export const NO_RULES: Readonly<BookingRules> = Object.freeze({
  minimumNoticeMinutes: 0,
  bookingHorizonDays: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  slotIntervalMinutes: null,
  maxBookingsPerDay: null,
  cancelCutoffHours: null,
  rescheduleCutoffHours: null,
  policyText: null,
  dateOverrides: [],
});

/** Bounds the contracts check and the form's pickers offer. */
export const RULE_LIMITS = {
  /** A year of notice is the most any owner asks. */
  maxNoticeMinutes: 365 * 24 * 60,
  horizonDays: { min: 1, max: 730 },
  bufferMinutes: { min: 0, max: 180 },
  slotInterval: { min: 5, max: 120 },
  maxBookingsPerDay: { min: 1, max: 1000 },
  maxCutoffHours: 365 * 24,
  policyTextMax: 2000,
  maxDateOverrides: 366,
} as const;

/**
 * A closed period (inclusive dates): the whole business without `agendaId`, else that agenda only.
 * A `yearly` one closes the same calendar dates every year from its first day on
 * (docs/PRODUCT.md#closures).
 */
export type Closure = {
  startDate: string;
  endDate: string;
  label: string;
  agendaId: string | null;
  yearly?: boolean;
};

/**
 * Whether the closure covers `date`. A yearly one compares month and day only, so 24–26 December
 * closes those days every year, 30 December–2 January closes them across every year end, and
 * 29 February (a date only leap years have) closes nothing in other years.
 */
export function closureCovers(c: Pick<Closure, 'startDate' | 'endDate' | 'yearly'>, date: string): boolean {
  if (compareDates(c.startDate, date) > 0) return false;
  if (!c.yearly) return compareDates(c.endDate, date) >= 0;
  const day = date.slice(5);
  const from = c.startDate.slice(5);
  const to = c.endDate.slice(5);
  // Within one calendar year the dates lie between; across a year end they lie after the start or before the end.
  return c.startDate.slice(0, 4) === c.endDate.slice(0, 4)
    ? from <= day && day <= to
    : from <= day || day <= to;
}

/** The closure covering `date` for a booking that may use `agendaIds`, if every one of them is closed. */
export function closureOn(
  closures: readonly Closure[],
  date: string,
  agendaIds: readonly string[],
): Closure | null {
  let agendaClosure: Closure | null = null;
  const closedAgendas = new Set<string>();
  for (const c of closures) {
    if (!closureCovers(c, date)) continue;
    if (c.agendaId === null) return c;
    if (agendaIds.includes(c.agendaId)) {
      closedAgendas.add(c.agendaId);
      agendaClosure ??= c;
    }
  }
  return agendaIds.length > 0 && agendaIds.every((id) => closedAgendas.has(id)) ? agendaClosure : null;
}

/** Whether one agenda is closed on `date` (by the business or its own closure). */
export function isAgendaClosed(closures: readonly Closure[], date: string, agendaId: string): boolean {
  return closures.some((c) => (c.agendaId === null || c.agendaId === agendaId) && closureCovers(c, date));
}

export { horizonLastDate } from './horizon';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The range a booking of [start, end) blocks in its agenda: its buffers included. */
export function blockedRange(
  startsAt: number,
  endsAt: number,
  rules: { bufferBeforeMinutes?: number | null; bufferAfterMinutes?: number | null },
): { start: number; end: number } {
  return {
    start: startsAt - (rules.bufferBeforeMinutes ?? 0) * MINUTE,
    end: endsAt + (rules.bufferAfterMinutes ?? 0) * MINUTE,
  };
}

/**
 * Until when the customer may cancel or reschedule through the manage link: `hours` before the
 * start, or null without a cut-off. The manage page shows it; the server refuses after it.
 */
export function changeDeadline(startsAt: Date, hours: number | null | undefined): Date | null {
  return hours == null ? null : new Date(startsAt.getTime() - hours * HOUR);
}

/** Whether a change at `now` is still allowed by the cut-off (exactly at the deadline still is). */
export function beforeDeadline(deadline: Date | null, now: Date): boolean {
  return deadline === null || now.getTime() <= deadline.getTime();
}

/** Until when the manage link may reschedule and cancel a booking that starts at `startsAt` (null: no cut-off). */
export function changeDeadlines(
  startsAt: Date,
  rules: { cancelCutoffHours?: number | null; rescheduleCutoffHours?: number | null },
): { reschedule: Date | null; cancel: Date | null } {
  return {
    reschedule: changeDeadline(startsAt, rules.rescheduleCutoffHours),
    cancel: changeDeadline(startsAt, rules.cancelCutoffHours),
  };
}

/** Which changes the customer can still make online, and whether none or only some are closed. */
export interface OnlineChanges {
  reschedule: boolean;
  cancel: boolean;
  /** Neither a move nor a cancel is possible online any more. */
  allClosed: boolean;
  /** At least one of them is closed: the customer needs the business's contact details. */
  someClosed: boolean;
}

/**
 * The one decision whether a booking can still be moved or cancelled online at `at`: the wizard's
 * review step (before booking), the e-mails (when sent) and the manage page (on its clock) all ask
 * it, and the server refuses by the same rule. A booking made inside its cut-off is closed from
 * the start, so each of them says so and shows how to reach the business instead.
 */
export function onlineChanges(
  deadlines: { reschedule: Date | null; cancel: Date | null },
  at: Date,
): OnlineChanges {
  const reschedule = beforeDeadline(deadlines.reschedule, at);
  const cancel = beforeDeadline(deadlines.cancel, at);
  return { reschedule, cancel, allClosed: !reschedule && !cancel, someClosed: !reschedule || !cancel };
}

/**
 * A visit (docs/PRODUCT.md#visits): several services booked as one, each a segment that starts when
 * the previous one ends, with the earlier segment's after-buffer and the next one's before-buffer
 * between them, as between two bookings. One decision for the basket's month view and the server's
 * check: a start time is free only when every segment fits, each in one free agenda of each of its
 * groups.
 */
import { isDateAvailable } from './availability';
import { amountToCentsRounded } from './money';
import { paymentSplit, type CustomerPast, type DepositRule } from './deposit';
import {
  slotJudge,
  type AvailabilityInput,
  type DayAvailability,
  type SlotRefusal,
  type SlotState,
} from './month-availability';
import { daysInMonth, isValidDate, parseTime } from './time';
import { DEFAULT_TIME_ZONE, todayInZone } from './timezone';

/** The most services one visit may hold. */
export const MAX_VISIT_SERVICES = 5;

/** Where a segment lands: its start in minutes of the day, and per group the agendas free then. */
export type SegmentPlace = { minutes: number; free: number[][] };

const NOT_OFFERED: SlotRefusal = Object.freeze({ rule: 'notOffered' });
const TAKEN: SlotRefusal = Object.freeze({ rule: 'taken' });

/** Minutes between the start of one segment and the start of the next. */
export function segmentStep(
  current: { durationMinutes: number; bufferAfterMinutes?: number | null },
  next: { bufferBeforeMinutes?: number | null },
): number {
  return current.durationMinutes + (current.bufferAfterMinutes ?? 0) + (next.bufferBeforeMinutes ?? 0);
}

/**
 * The judge of a visit whose segments have the inputs `segments`, in order (each its service, the
 * agendas it may use, what occupies them, their hours and groups). `day` plans a date; `place` puts
 * the visit at one start time of the first service's grid.
 */
export function visitJudge(segments: readonly AvailabilityInput[]) {
  const judges = segments.map(slotJudge);

  function day(date: string) {
    const plans = judges.map((j) => j.day(date));
    // A date any segment cannot be booked on at all (not offered, closed, too far, nobody working).
    const refusal = plans.find((p) => p.refusal)?.refusal ?? null;
    return { date, plans, grid: plans[0]?.grid ?? [], refusal };
  }
  type VisitDay = ReturnType<typeof day>;

  function place(visitDay: VisitDay, minutes: number): SlotRefusal | SegmentPlace[] {
    const out: SegmentPlace[] = [];
    let at = minutes;
    for (const [k, judge] of judges.entries()) {
      if (k > 0) {
        at += segmentStep(segments[k - 1]!.event, segments[k]!.event);
        if (!judge.withinHours(visitDay.plans[k]!, at)) return TAKEN;
      }
      const verdict = judge.free(visitDay.plans[k]!, at);
      if (!Array.isArray(verdict)) return verdict;
      out.push({ minutes: at, free: verdict });
    }
    return out;
  }

  return { day, place };
}

/** Why the visit cannot start at `time` on `date`, or where each segment lands. */
export function visitPlaces(
  segments: readonly AvailabilityInput[],
  date: string,
  time: string,
): SlotRefusal | SegmentPlace[] {
  if (!segments.length || !isValidDate(date)) return NOT_OFFERED;
  const judge = visitJudge(segments);
  const visitDay = judge.day(date);
  const minutes = parseTime(time);
  if (
    visitDay.refusal?.rule === 'notOffered' ||
    minutes === null ||
    !visitDay.grid.some((s) => s.minutes === minutes)
  )
    return NOT_OFFERED;
  return judge.place(visitDay, minutes);
}

/**
 * The basket's month ('yyyy-MM'): the first service's grid times of every date all services offer,
 * busy when the visit does not fit there; started times, refused dates and empty days left out, as
 * in a single service's month (monthAvailability).
 */
export function visitMonthAvailability(
  month: string,
  segments: readonly AvailabilityInput[],
): DayAvailability[] {
  const first = segments[0];
  if (!first) return [];
  const today = todayInZone(first.now, first.timeZone ?? DEFAULT_TIME_ZONE);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const judge = visitJudge(segments);
  const result: DayAvailability[] = [];
  for (let d = 1; d <= daysInMonth(year, mon); d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    if (!segments.every((s) => isDateAvailable(s.event, date, { today }))) continue;
    const visitDay = judge.day(date);
    if (visitDay.refusal) continue;
    const slots: SlotState[] = [];
    for (const { time, minutes } of visitDay.grid) {
      const verdict = judge.place(visitDay, minutes);
      if (!Array.isArray(verdict) && verdict.rule === 'past') continue;
      slots.push({ time, busy: !Array.isArray(verdict) });
    }
    if (slots.length) result.push({ date, slots });
  }
  return result;
}

/** What a visit's services cost and take together. */
export interface VisitService extends DepositRule {
  durationMinutes: number;
  bufferBeforeMinutes?: number | null;
  bufferAfterMinutes?: number | null;
  requiresPayment: boolean;
  paymentAmount: string | null;
  cancelCutoffHours?: number | null;
  rescheduleCutoffHours?: number | null;
}

const strictest = (hours: ReadonlyArray<number | null | undefined>) => {
  const set = hours.filter((h): h is number => h != null);
  return set.length ? Math.max(...set) : null;
};

/**
 * The visit's totals: minutes from the first start to the last end, the price (paid online or at
 * the salon) and what is paid online now (each segment's own deposit rule on its own price, for this customer), and the cut-offs
 * of the strictest service.
 */
export function visitTotals(services: readonly VisitService[], customer: CustomerPast) {
  let minutes = 0;
  let priceCents = 0;
  let payNowCents = 0;
  services.forEach((s, k) => {
    minutes += k < services.length - 1 ? segmentStep(s, services[k + 1]!) : s.durationMinutes;
    // A price paid at the salon (no online payment) counts in the visit's price too.
    const price = Math.max(0, amountToCentsRounded(s.paymentAmount) ?? 0);
    priceCents += price;
    if (s.requiresPayment) payNowCents += paymentSplit(price, s, customer).payNowCents;
  });
  return {
    durationMinutes: minutes,
    priceCents,
    payNowCents,
    cancelCutoffHours: strictest(services.map((s) => s.cancelCutoffHours)),
    rescheduleCutoffHours: strictest(services.map((s) => s.rescheduleCutoffHours)),
  };
}

/** A visit named by its services in order, 'Knippen + Föhnen': its calendar entry, its payment. */
export const visitTitle = (services: readonly string[]): string => services.join(' + ');

/**
 * The one calendar entry of a visit's segments still booked, as its .ics file has it: named by
 * their services, from the first start (its date and time) to the last end. Null: none is booked.
 */
export function visitEntry(
  segments: ReadonlyArray<{
    service: string;
    date: string;
    time: string;
    startsAt: string;
    endsAt: string;
    status: string;
  }>,
): { title: string; date: string; time: string; durationMinutes: number } | null {
  const live = segments.filter((s) => s.status !== 'cancelled');
  const first = live[0];
  if (!first) return null;
  const end = Math.max(...live.map((s) => Date.parse(s.endsAt)));
  return {
    title: visitTitle(live.map((s) => s.service)),
    date: first.date,
    time: first.time,
    durationMinutes: Math.round((end - Date.parse(first.startsAt)) / 60_000),
  };
}

/**
 * The questions a visit asks (docs/PRODUCT.md#visits): the union of its services' fields in their
 * order, a field with the same name asked once (required when any service requires it). Each
 * segment keeps the answers to its own service's fields.
 */
export function visitFields<F extends { fieldName: string; isRequired: boolean }>(
  lists: ReadonlyArray<readonly F[]>,
): F[] {
  const byName = new Map<string, F>();
  for (const list of lists)
    for (const field of list) {
      const seen = byName.get(field.fieldName);
      if (!seen) byName.set(field.fieldName, field);
      else if (field.isRequired && !seen.isRequired)
        byName.set(field.fieldName, { ...seen, isRequired: true });
    }
  return [...byName.values()];
}

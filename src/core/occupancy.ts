/**
 * Capacity and occupancy figures for the dashboard (docs/PRODUCT.md#occupancy). Capacity is counted in minutes
 * (working window minus pauses, floored by duration), deliberately not by the slot grid, because
 * that is how the spec defines "slots per event".
 */
import { availableDates, pauseIntervals, workingDayOn } from './availability';
import { horizonLastDate, isAgendaClosed, type Closure } from './booking-rules';
import { parseTime, weekdayKeyOf } from './time';
import type { Pause, SchedulableEvent, WorkingDay } from './types';

export type Occupancy = { totalSlots: number; booked: number; available: number; percentage: number };
export type OccupancyVariant = 'destructive' | 'secondary' | 'default';

/** Only confirmed bookings occupy capacity; pending and cancelled ones do not. */
export function countsAsBooked(status: string): boolean {
  return status === 'confirmed';
}

/**
 * Minutes of the working window not covered by pauses. Pauses are clipped to the window and
 * merged first so overlapping pauses are not subtracted twice.
 */
export function bookableMinutes(
  workingDay: WorkingDay | null | undefined,
  pauses: readonly Pause[] | null | undefined,
): number {
  if (!workingDay?.enabled) return 0;
  const start = parseTime(workingDay.startTime);
  const end = parseTime(workingDay.endTime);
  if (start === null || end === null || end <= start) return 0;

  const clipped = pauseIntervals(pauses)
    .map(([ps, pe]): [number, number] => [Math.max(ps, start), Math.min(pe, end)])
    .filter(([ps, pe]) => pe > ps)
    .sort((a, b) => a[0] - b[0]);

  let paused = 0;
  let curStart = -1;
  let curEnd = -1;
  for (const [ps, pe] of clipped) {
    if (ps > curEnd) {
      paused += curEnd - curStart;
      curStart = ps;
      curEnd = pe;
    } else {
      curEnd = Math.max(curEnd, pe);
    }
  }
  paused += curEnd - curStart;
  return end - start - paused;
}

/** An event as capacity sees it: its schedule, its horizon and, when known, the agendas it books into. */
export type CapacityEvent = SchedulableEvent & {
  agendaIds?: readonly string[];
  bookingHorizonDays?: number | null;
};

/**
 * Sum over the dates customers can book from `today` on (the event's dates within its horizon, with
 * their date overrides) of floor(bookable minutes / (duration + buffers)), once per agenda the event
 * books into that is open that day (two stylists take twice the bookings; a closure takes its days out).
 */
export function totalSlots(event: CapacityEvent, today: string, closures: readonly Closure[] = []): number {
  const last = horizonLastDate(today, event.bookingHorizonDays);
  const dates = availableDates(event, { today }).filter((d) => last === null || d <= last);
  return slotsOnDates(event, dates, closures);
}

/** Capacity of an inclusive period (statistics): the same formula over the dates inside it. */
export function slotsInPeriod(
  event: CapacityEvent,
  from: string,
  to: string,
  closures: readonly Closure[] = [],
): number {
  return slotsOnDates(
    event,
    availableDates(event, { today: from }).filter((d) => d <= to),
    closures,
  );
}

function slotsOnDates(event: CapacityEvent, dates: readonly string[], closures: readonly Closure[]): number {
  const duration = event.durationMinutes;
  if (!Number.isInteger(duration) || duration <= 0) return 0;
  // A booking takes its buffers too (docs/PRODUCT.md#slots): without them, the spec's duration.
  const perBooking = duration + (event.bufferBeforeMinutes ?? 0) + (event.bufferAfterMinutes ?? 0);
  const agendaIds = event.agendaIds?.length ? event.agendaIds : [null];
  let total = 0;
  for (const date of dates) {
    const open = closures.length
      ? agendaIds.filter((id) => !isAgendaClosed(closures, date, id ?? '')).length
      : agendaIds.length;
    if (open === 0) continue;
    const minutes = bookableMinutes(workingDayOn(event, date), event.dailyPauseTimes?.[weekdayKeyOf(date)]);
    total += Math.floor(minutes / perBooking) * open;
  }
  return total;
}

/**
 * Available never goes negative. The percentage is not clamped: if bookings exceed the remaining
 * capacity (past days drop out of the total) it can exceed 100, which is the honest figure.
 */
export function occupancy(input: { totalSlots: number; booked: number }): Occupancy {
  const { totalSlots: total, booked } = input;
  return {
    totalSlots: total,
    booked,
    available: Math.max(0, total - booked),
    percentage: total === 0 ? 0 : Math.round((booked / total) * 100),
  };
}

/** Badge style: above 80% destructive, above 50% secondary, otherwise default. */
export function occupancyVariant(percentage: number): OccupancyVariant {
  if (percentage > 80) return 'destructive';
  if (percentage > 50) return 'secondary';
  return 'default';
}

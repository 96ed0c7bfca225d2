import { nl } from '@contracts/messages';
import {
  agendaOrder,
  blockedRange,
  formatShortDutchDate,
  isAgendaClosed,
  isDayFull,
  isExistingWallTime,
  isValidDate,
  ownerBookingWarnings,
  dayVerdicts,
  parseTime,
  slotInterval,
  zonedTimeToUtc,
  slotRefusal,
  type SlotRefusal,
} from '@core/index';
import { PG_EXCLUSION_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { closuresRepo } from '../closures/closures.repo';
import { googleRepo } from '../google/google.repo';
import { bookingsRepo } from './bookings.repo';

const b = nl.booking;

/** The Dutch refusal of a booking rule (docs/PRODUCT.md#booking-rules), with the field it concerns. */
export function refusalError(refusal: SlotRefusal, event: Pick<EventRow, 'minimumNoticeMinutes'>): AppError {
  switch (refusal.rule) {
    case 'notOffered':
      return badRequest(b.slotUnavailable, { bookingTime: b.slotUnavailable });
    case 'past':
      return badRequest(b.slotPast, { bookingTime: b.slotPast });
    case 'notice': {
      const message = noticeMessage(event.minimumNoticeMinutes);
      return badRequest(message, { bookingTime: message });
    }
    case 'horizon': {
      const message = b.horizon.replace('{date}', formatShortDutchDate(refusal.lastDate));
      return badRequest(message, { bookingDate: message });
    }
    case 'closed': {
      const message = b.closed.replace('{label}', refusal.label);
      return badRequest(message, { bookingDate: message });
    }
    case 'agendaOff':
      return badRequest(b.agendaOff, { bookingDate: b.agendaOff });
    case 'dayFull':
      return new AppError('SLOT_TAKEN', b.dayFull);
    case 'taken':
      return new AppError('SLOT_TAKEN', b.slotTaken);
  }
}

/** 'Boeken kan tot 2 uur van tevoren.': in days, hours or minutes, whichever is whole. */
function noticeMessage(minutes: number): string {
  if (minutes === 1440) return b.noticeOneDay;
  if (minutes === 1) return b.noticeOneMinute;
  if (minutes % 1440 === 0) return b.noticeDays.replace('{n}', String(minutes / 1440));
  if (minutes % 60 === 0) return b.noticeHours.replace('{n}', String(minutes / 60));
  return b.noticeMinutes.replace('{n}', String(minutes));
}

/**
 * A time the clock skips in spring (02:30 on the last Sunday of March in Amsterdam) does not exist:
 * stored, it would become another hour than the one the customer, the e-mails and the pages show.
 */
function refuseSkippedTime(date: string, time: string, timeZone: string) {
  if (parseTime(time) !== null && !isExistingWallTime(date, time, timeZone))
    throw badRequest(b.slotSkipped, { bookingTime: b.slotSkipped });
}

export interface SlotRequest {
  event: EventRow;
  timeZone: string;
  date: string;
  time: string;
  /** The agendas the booking may use (agendaCandidates); those closed that day drop out. */
  agendaIds: readonly string[];
  /** The owner's own move: notice, horizon, closures and the daily limit are theirs to overrule. */
  owner?: boolean;
  /** False when the owner has no closure at all (eventsRepo.findPublic): none to read. */
  hasClosures?: boolean;
}

/**
 * A booking the owner writes down: any valid date and time, in the past too; what a customer would be
 * refused by comes back as warnings (core ownerBookingWarnings), only an overlap refuses (takeSlot).
 */
export async function checkManualSlot(db: Db, req: Omit<SlotRequest, 'owner'>, now: Date) {
  const { event, timeZone, date, time, agendaIds } = req;
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  refuseSkippedTime(date, time, timeZone);
  const [closures, dayCount] = await Promise.all([
    closuresRepo.overlapping(db, event.userId, date, date),
    bookingsRepo.liveOnEventDate(db, event.id, date, now),
  ]);
  const warnings = ownerBookingWarnings({ event, timeZone, closures, agendaIds, dayCount, now }, date, time);
  const interval = slotInterval(date, time, event.durationMinutes, timeZone);
  return { startsAt: new Date(interval.start), endsAt: new Date(interval.end), warnings };
}

/**
 * Every rule the wizard applies to a slot, re-checked on the server with the same core function
 * (slotRefusal): bookable date and grid, pauses, the day's hours, the past, minimum notice, horizon
 * and closures. What only the database can decide under concurrency (overlaps with buffers, the
 * daily limit) is takeSlot's. Returns the interval to store and the agendas open that day.
 */
export async function checkSlot(db: Db, req: SlotRequest, now: Date) {
  const { event, timeZone, date, time, agendaIds, owner, hasClosures = true } = req;
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  refuseSkippedTime(date, time, timeZone);
  const closures = owner || !hasClosures ? [] : await closuresRepo.overlapping(db, event.userId, date, date);
  const input = { event, timeZone, taken: [], agendaIds, closures, now, owner };
  const refusal = slotRefusal(input, date, time);
  if (refusal) throw refusalError(refusal, event);
  const interval = slotInterval(date, time, event.durationMinutes, timeZone);
  return {
    startsAt: new Date(interval.start),
    endsAt: new Date(interval.end),
    agendaIds: agendaIds.filter((id) => !isAgendaClosed(closures, date, id)),
  };
}

/** The buffers a new booking of `event` is written with (and keeps when the rules change later). */
export const bookingBuffers = (event: Pick<EventRow, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>) => ({
  bufferBeforeMinutes: event.bufferBeforeMinutes,
  bufferAfterMinutes: event.bufferAfterMinutes,
});

/** The daily limit a customer's booking on `date` must respect, if the service has one. */
export const dayLimitOf = (event: Pick<EventRow, 'id' | 'maxBookingsPerDay'>, date: string) =>
  event.maxBookingsPerDay == null ? undefined : { eventId: event.id, date, max: event.maxBookingsPerDay };

/**
 * PostgreSQL's deadlock_detected. Two bookings whose blocked ranges overlap, inserted at once, can
 * each wait for the other's row in the exclusion constraint; PostgreSQL then aborts one of them. That
 * one lost the race like an exclusion violation (booking-rules-races.api.test.ts).
 */
const PG_DEADLOCK = '40P01';

/** Whether a write lost its slot to another booking (buffers included) under the exclusion constraint. */
const lostSlot = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === PG_EXCLUSION_VIOLATION || code === PG_DEADLOCK;
};

/** The exclusion constraint decides races: whoever commits second gets this 409. */
export async function guardOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (lostSlot(err)) throw new AppError('SLOT_TAKEN', b.slotTaken);
    throw err;
  }
}

export interface SlotClaim {
  startsAt: Date;
  endsAt: Date;
  /** The buffers the booking is written with: it blocks [start − before, end + after) of its agenda. */
  buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
  /** A customer's booking of a service with a daily limit: its date may not be full. */
  dayLimit?: { eventId: string; date: string; max: number };
  /** The agendas the booking may occupy, in order of preference (one: the customer's choice). */
  agendaIds: readonly string[];
  /** "Geen voorkeur" for a new booking: try the least loaded agenda first (core agendaOrder). */
  spread?: { date: string };
  /** The booking being written, which must not release or block itself. */
  exceptId?: string;
  /** False when the owner has no Google Calendar connection (eventsRepo.findPublic): no busy times to read. */
  googleConnected?: boolean;
  /** False when the owner has no payment hold at all (eventsRepo.findPublic): no expired one to release. */
  hasHolds?: boolean;
}

/**
 * The agendas a booking of `event` may occupy: the one the customer asked for (it must be one of the
 * service's), or all of the service's. `keep` (a booking being moved) goes first; when the customer
 * had chosen it, it is the only one.
 */
export function agendaCandidates(
  event: Pick<EventRow, 'agendaIds'>,
  requested?: string | null,
  keep?: { agendaId: string; chosen: boolean },
): string[] {
  if (requested) {
    if (!event.agendaIds.includes(requested))
      throw badRequest(nl.booking.agendaNotOffered, { agendaId: nl.booking.agendaNotOffered });
    return [requested];
  }
  if (!keep || !event.agendaIds.includes(keep.agendaId)) return [...event.agendaIds];
  if (keep.chosen) return [keep.agendaId];
  return [keep.agendaId, ...event.agendaIds.filter((id) => id !== keep.agendaId)];
}

/**
 * Runs a write that takes a slot in one of the claim's agendas and hands it the agenda it got. In one
 * transaction: expired payment holds overlapping the blocked range (the slot with its buffers) are
 * released (an abandoned checkout never blocks it), a full day is refused under a lock of the
 * service's date, agendas busy with a live booking of any service or a Google busy time are skipped, and
 * the free ones are tried in turn, each in a savepoint. The exclusion constraint decides races: a
 * write that lost its agenda to a parallel booking tries the next, so two parallel "Geen voorkeur"
 * bookings of one slot end up in two agendas, and a third gets the 409.
 *
 * `oneStatement`: the write is one statement, atomic on its own. With one agenda, no busy times, no
 * holds and no daily limit there is nothing to release, lock, read or choose, and the write itself is
 * the check (the exclusion constraint refuses an overlap with a live booking), so it runs without a
 * transaction: BEGIN and COMMIT are two round trips of a booking's four (issue 21, B5).
 */
export function takeSlot<T>(
  db: Db,
  claim: SlotClaim,
  now: Date,
  write: (tx: Db, agendaId: string) => Promise<T>,
  { oneStatement = false }: { oneStatement?: boolean } = {},
): Promise<T> {
  const { agendaIds, exceptId, dayLimit } = claim;
  const range = blockedRange(claim.startsAt.getTime(), claim.endsAt.getTime(), claim.buffers);
  const [from, to] = [new Date(range.start), new Date(range.end)];
  const alone = agendaIds.length === 1 && claim.googleConnected === false;
  if (oneStatement && alone && claim.hasHolds === false && !dayLimit)
    return guardOverlap(() => write(db, agendaIds[0]!));
  return guardOverlap(() =>
    db.transaction(async (tx) => {
      if (!agendaIds.length) throw new AppError('SLOT_TAKEN', b.slotTaken);
      // A hold expires minutes after it was taken: none existed when the event was read, so none has expired.
      if (claim.hasHolds !== false)
        await bookingsRepo.releaseExpiredHolds(tx, agendaIds, from, to, now, exceptId);
      if (dayLimit) {
        // One lock per service and date, held to the commit, makes count-then-insert safe across
        // connections and instances; without a limit nothing is locked.
        await bookingsRepo.lockEventDay(tx, dayLimit.eventId, dayLimit.date);
        const live = await bookingsRepo.liveOnEventDate(tx, dayLimit.eventId, dayLimit.date, now, exceptId);
        if (isDayFull(live, dayLimit.max)) throw new AppError('SLOT_TAKEN', b.dayFull);
      }
      // One agenda and no busy times: nothing to choose between, so the write itself is the check (the
      // exclusion constraint refuses an overlap with a live booking, as the read below would).
      if (alone) return write(tx, agendaIds[0]!);
      const taken = await bookingsRepo.takenByAgenda(tx, agendaIds, from, to, now, exceptId);
      // busyForAgendas reads busy times of connected owners only: without a connection there are none.
      const busy =
        claim.googleConnected === false
          ? undefined
          : await googleRepo.busyForAgendas(tx, agendaIds, from, to);
      let free = agendaIds.filter((id) => !taken.get(id)?.length && !busy?.get(id)?.length);
      if (!free.length) throw new AppError('SLOT_TAKEN', b.slotTaken);
      if (free.length === 1) return write(tx, free[0]!);
      if (claim.spread)
        free = agendaOrder(free, await bookingsRepo.loadOnDate(tx, free, claim.spread.date, now));
      for (const [i, agendaId] of free.entries()) {
        try {
          return await tx.transaction((savepoint) => write(savepoint as Db, agendaId));
        } catch (err) {
          if (i === free.length - 1 || !lostSlot(err)) throw err;
        }
      }
      throw new AppError('SLOT_TAKEN', b.slotTaken);
    }),
  );
}

/**
 * What occupies each agenda in [from, to): the blocked ranges of live bookings of every service in
 * it and its Google busy times, one list per agenda in the order asked (core's `agendaTaken`).
 */
export async function agendaOccupancy(
  db: Db,
  agendaIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  { googleConnected, exceptId }: { googleConnected: boolean; exceptId?: string },
) {
  const taken = await bookingsRepo.takenByAgenda(db, agendaIds, from, to, now, exceptId);
  // The read hot path skips the busy-time query for owners without Calendar (most of them).
  const busy = googleConnected ? await googleRepo.busyForAgendas(db, agendaIds, from, to) : undefined;
  return agendaIds.map((id) => [...taken.get(id)!, ...(busy?.get(id) ?? [])]);
}

/**
 * The owner's grid of `date` (core dayVerdicts with `owner`): the times that have not started, busy
 * when every agenda the booking may use is taken there with `buffers` (a move keeps its own, a new
 * booking has the service's). Notice, horizon, closures and the daily limit do not bind the owner.
 */
export async function ownerDaySlots(
  db: Db,
  req: {
    event: EventRow;
    timeZone: string;
    date: string;
    agendaIds: readonly string[];
    buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
    googleConnected: boolean;
    exceptId?: string;
  },
  now: Date,
) {
  const { event, timeZone, date, agendaIds } = req;
  // The day with a day either side: buffers reach past midnight.
  const day = zonedTimeToUtc(date, '00:00', timeZone).getTime();
  const [from, to] = [new Date(day - 86_400_000), new Date(day + 2 * 86_400_000)];
  const agendaTaken = await agendaOccupancy(db, agendaIds, from, to, now, {
    googleConnected: req.googleConnected,
    exceptId: req.exceptId,
  });
  const input = {
    event,
    ownBuffers: req.buffers,
    timeZone,
    taken: [],
    agendaTaken,
    agendaIds,
    now,
    owner: true,
  };
  return dayVerdicts(input, date).map((v) => ({ time: v.time, busy: v.refusal !== null }));
}

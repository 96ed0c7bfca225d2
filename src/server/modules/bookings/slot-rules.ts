import { nl } from '@contracts/messages';
import { agendaOrder, isBookableSlot, isValidDate, slotInterval } from '@core/index';
import { PG_EXCLUSION_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { googleRepo } from '../google/google.repo';
import { bookingsRepo } from './bookings.repo';

const b = nl.booking;

/**
 * Every rule the wizard applies to a slot, re-checked on the server: bookable weekday, inside the
 * range or one of the specific dates, on the grid, clear of pauses, ending by the day's end, and
 * starting after `now` in the owner's time zone. Returns the absolute interval to store.
 */
export function checkSlot(event: EventRow, timeZone: string, date: string, time: string, now: Date) {
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  if (!isBookableSlot(event, date, time))
    throw badRequest(b.slotUnavailable, { bookingTime: b.slotUnavailable });
  const interval = slotInterval(date, time, event.durationMinutes, timeZone);
  if (interval.start <= now.getTime()) throw badRequest(b.slotPast, { bookingTime: b.slotPast });
  return { startsAt: new Date(interval.start), endsAt: new Date(interval.end) };
}

/** The exclusion constraint decides races: whoever commits second gets this 409. */
export async function guardOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === PG_EXCLUSION_VIOLATION) throw new AppError('SLOT_TAKEN', b.slotTaken);
    throw err;
  }
}

export interface SlotClaim {
  startsAt: Date;
  endsAt: Date;
  /** The agendas the booking may occupy, in order of preference (one: the customer's choice). */
  agendaIds: readonly string[];
  /** "Geen voorkeur" for a new booking: try the least loaded agenda first (core agendaOrder). */
  spread?: { date: string };
  /** The booking being written, which must not release or block itself. */
  exceptId?: string;
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
 * transaction: expired payment holds overlapping the slot are released (an abandoned checkout never
 * blocks it), agendas busy with a live booking of any service or a Google busy time are skipped, and
 * the free ones are tried in turn, each in a savepoint. The exclusion constraint decides races: a
 * write that lost its agenda to a parallel booking tries the next, so two parallel "Geen voorkeur"
 * bookings of one slot end up in two agendas, and a third gets the 409.
 */
export function takeSlot<T>(
  db: Db,
  claim: SlotClaim,
  now: Date,
  write: (tx: Db, agendaId: string) => Promise<T>,
): Promise<T> {
  const { startsAt, endsAt, agendaIds, exceptId } = claim;
  return guardOverlap(() =>
    db.transaction(async (tx) => {
      await bookingsRepo.releaseExpiredHolds(tx, agendaIds, startsAt, endsAt, now, exceptId);
      const taken = await bookingsRepo.takenByAgenda(tx, agendaIds, startsAt, endsAt, now, exceptId);
      const busy = await googleRepo.busyForAgendas(tx, agendaIds, startsAt, endsAt);
      let free = agendaIds.filter((id) => !taken.get(id)?.length && !busy.get(id)?.length);
      if (!free.length) throw new AppError('SLOT_TAKEN', b.slotTaken);
      if (free.length === 1) return write(tx, free[0]!);
      if (claim.spread)
        free = agendaOrder(free, await bookingsRepo.loadOnDate(tx, free, claim.spread.date, now));
      for (const [i, agendaId] of free.entries()) {
        try {
          return await tx.transaction((savepoint) => write(savepoint as Db, agendaId));
        } catch (err) {
          if (i === free.length - 1 || pgErrorCode(err) !== PG_EXCLUSION_VIOLATION) throw err;
        }
      }
      throw new AppError('SLOT_TAKEN', b.slotTaken);
    }),
  );
}

/**
 * What occupies each agenda in [from, to): live bookings of every service in it and its Google busy
 * times, one list per agenda in the order asked (core's `agendaTaken`).
 */
export async function agendaOccupancy(
  db: Db,
  agendaIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  { googleConnected }: { googleConnected: boolean },
) {
  const taken = await bookingsRepo.takenByAgenda(db, agendaIds, from, to, now);
  // The read hot path skips the busy-time query for owners without Calendar (most of them).
  const busy = googleConnected ? await googleRepo.busyForAgendas(db, agendaIds, from, to) : undefined;
  return agendaIds.map((id) => [...taken.get(id)!, ...(busy?.get(id) ?? [])]);
}

import { nl } from '@contracts/messages';
import { isBookableSlot, isValidDate, slotInterval } from '@core/index';
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
  eventId: string;
  startsAt: Date;
  endsAt: Date;
  /** The booking being written, which must not release itself. */
  exceptId?: string;
}

/**
 * Runs a write that takes a slot. Expired payment holds overlapping it are released in the same
 * transaction first, so an abandoned checkout never blocks the slot; the exclusion constraint still
 * decides races (409).
 */
export function takeSlot<T>(db: Db, claim: SlotClaim, now: Date, write: (tx: Db) => Promise<T>): Promise<T> {
  return guardOverlap(() =>
    db.transaction(async (tx) => {
      await bookingsRepo.releaseExpiredHolds(
        tx,
        claim.eventId,
        claim.startsAt,
        claim.endsAt,
        now,
        claim.exceptId,
      );
      // Busy in the owner's Google Calendar: as taken as a booking.
      if ((await googleRepo.busyForEvent(tx, claim.eventId, claim.startsAt, claim.endsAt)).length)
        throw new AppError('SLOT_TAKEN', b.slotTaken);
      return write(tx);
    }),
  );
}

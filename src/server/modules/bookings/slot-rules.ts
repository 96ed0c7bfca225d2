import { nl } from '@contracts/messages';
import { isBookableSlot, isValidDate, slotInterval } from '@core/index';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';

const b = nl.booking;

/**
 * Every rule the wizard applies to a slot, re-checked on the server: bookable weekday, inside the
 * range or one of the specific dates, on the grid, clear of pauses, ending by the day's end, and
 * starting after `now` in the owner's time zone. Returns the absolute interval to store.
 */
export function checkSlot(event: EventRow, timeZone: string, date: string, time: string, now: Date) {
  if (!isValidDate(date)) throw badRequest(b.invalidDate, { bookingDate: b.invalidDate });
  if (!isBookableSlot(event, date, time)) throw badRequest(b.slotUnavailable, { bookingTime: b.slotUnavailable });
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

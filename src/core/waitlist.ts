import type { SlotState } from './month-availability';

/**
 * The waitlist's decisions (docs/PRODUCT.md#waitlist), the same for the booking page, which offers
 * to wait, and the server, which accepts it: one can wait for a time that is full for the places
 * wanted, or for a day on which no time is free for them.
 */

/** Why a customer cannot wait: the day or time is not offered, or there is still room to book. */
export type WaitlistRefusal = 'notOffered' | 'timeNotFull' | 'dayNotFull';

/** A slot can be booked now for `seats` places: free, and a class with that many places left. */
export const slotFits = (slot: SlotState, seats: number) => !slot.busy && (slot.seatsLeft ?? 1) >= seats;

/**
 * Whether waiting is refused for `time` (null: any time of the day) among the day's slots as the
 * month availability gives them (undefined: the day is not bookable at all).
 */
export function waitlistRefusal(
  slots: readonly SlotState[] | undefined,
  time: string | null,
  seats: number,
): WaitlistRefusal | null {
  if (!slots?.length) return 'notOffered';
  if (time === null) return slots.some((s) => slotFits(s, seats)) ? 'dayNotFull' : null;
  const slot = slots.find((s) => s.time === time);
  if (!slot) return 'notOffered';
  return slotFits(slot, seats) ? 'timeNotFull' : null;
}

/** The day's times free for `seats` places, in order: what a day's waiting customer may book. */
export const freeTimesFor = (slots: readonly SlotState[] | undefined, seats: number) =>
  (slots ?? []).filter((s) => slotFits(s, seats)).map((s) => s.time);

const MINUTE_MS = 60_000;

/**
 * Until when an offer made at `now` holds the place (epoch ms): the owner's offer time, never past
 * the start minus the service's minimum notice (the customer could not book it any later); null
 * when that moment has already come, so the place cannot be offered.
 */
export function offerExpiry(now: number, startsAt: number, offerMinutes: number, noticeMinutes: number) {
  const until = Math.min(now + offerMinutes * MINUTE_MS, startsAt - noticeMinutes * MINUTE_MS);
  return until > now ? until : null;
}

/** Whether one can still wait for a time starting `startsAt`: an offer could still be made. */
export const stillWaitable = (now: number, startsAt: number, noticeMinutes: number) =>
  startsAt - noticeMinutes * MINUTE_MS > now;

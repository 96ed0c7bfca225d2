import type { OwnerStamp } from './availability-cache';
import { AppError } from '../../http/app-error';

/** What the refusals need of the availability cache: its stamps of an owner's data. */
export interface OwnerStamps {
  stamp(ownerId: string): Promise<OwnerStamp | null>;
  unchanged(stamp: OwnerStamp): Promise<boolean>;
}

const MINUTE_MS = 60_000;
/** Slot requests remembered at most; the oldest go first beyond it. */
const MAX_ENTRIES = 4_000;

/**
 * The database's refusals of slot requests (taken, its day full, a class without the places asked),
 * remembered while nothing of the owner's changed (docs/decisions/008-slot-claims.md). At a class's
 * opening most customers arrive after its last place went, one after the other rather than together:
 * slot-claims.ts answers those who wait for a write with its refusal, but each later one would read
 * the event, check the slot and write again, only for the counter to refuse it. Remembered, such a
 * request is refused without a query.
 *
 * It refuses only what the database would at that moment. A refusal is kept with the owner's stamp
 * taken before its write (the availability cache's notifications: every booking, service, agenda,
 * closure and busy-time change of the owner bumps it, on any instance), within the minute it was
 * made, and only when the owner had no payment hold at all, since a hold that runs out frees its
 * place without any write. A cancel, a move, a raised number of places: the stamp changes and the
 * next request writes again.
 */
export function createSlotRefusals(stamps: OwnerStamps) {
  const known = new Map<string, { stamp: OwnerStamp; minute: number; refusal: AppError }>();

  return {
    /** Throws the refusal remembered for the slot request `key` while it still holds at `now`. */
    async refuseKnown(key: string, now: Date): Promise<void> {
      const hit = known.get(key);
      if (!hit) return;
      if (hit.minute === Math.floor(now.getTime() / MINUTE_MS) && (await stamps.unchanged(hit.stamp)))
        throw new AppError(hit.refusal.code, hit.refusal.message);
      if (known.get(key) === hit) known.delete(key);
    },

    /** The owner's stamp before a write of a slot request: what its refusal is remembered with. */
    stamp: (ownerId: string) => stamps.stamp(ownerId),

    /** Remembers the database's refusal of the write of `key` that began at the stamp, at `now`. */
    remember(key: string, stamp: OwnerStamp, now: Date, refusal: AppError) {
      known.delete(key);
      known.set(key, { stamp, minute: Math.floor(now.getTime() / MINUTE_MS), refusal });
      if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value!);
    },

    /** How many refusals are remembered (tests). */
    get size() {
      return known.size;
    },
  };
}
export type SlotRefusals = ReturnType<typeof createSlotRefusals>;

import type { Database, Subscription } from '../../db/client';

/** What a cached answer was computed from, besides the owner's data. */
export interface Computed<T> {
  ownerId: string;
  value: T;
  /**
   * When the answer expires by time alone (ms): the earliest payment hold among the owner's bookings
   * that runs out, since an expired hold frees its slot without any write.
   */
  expiresAt: number;
}

interface Entry {
  ownerId: string;
  /** The owner's generation (and the cache's epoch) read before the answer's data was. */
  generation: number;
  epoch: number;
  minute: number;
  expiresAt: number;
  /** The answer as JSON text: what the routes send, and a quarter of the memory of the object. */
  json: string;
}

/**
 * What had been notified of one owner at a moment (`stamp`): `unchanged` tells whether anything of
 * theirs was notified since. A remembered refusal holds while it does (bookings/slot-refusals.ts).
 */
export interface OwnerStamp {
  ownerId: string;
  generation: number;
  epoch: number;
}

const MINUTE_MS = 60_000;
/**
 * Enough for every month and date a busy instance is asked about (a month is ~20 KB of text, so at
 * most ~80 MB); the oldest entries go first beyond it.
 */
const MAX_ENTRIES = 4_000;

/**
 * The public month availability and taken times, cached so a hit costs no database query
 * (docs/decisions/007-availability-cache.md). An answer is valid while:
 * - no change to the owner's availability data was notified since it was read: the triggers of
 *   migration 0017 notify 'availability' with the owner's id in the changing transaction, and
 *   `sync` waits until every commit before the read has been delivered (on PostgreSQL a shared
 *   `select 1` on the listening connection, so another instance's booking is seen at once);
 * - the minute it was computed in has not passed ("today", the notice and past slots move with the
 *   clock, and slots are whole minutes), and no payment hold in it has expired;
 * - the listening connection has not been lost since (a loss drops everything; until it listens
 *   again every read is computed).
 */
export function createAvailabilityCache(database: Pick<Database, 'subscribe'>) {
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  /** Bumped when notifications may have been missed: every entry before it is void. */
  let epoch = 0;
  /** Bumped by every notification: the owner of an event not seen yet may be any. */
  let changes = 0;
  const eventOwners = new Map<string, string>();
  const inflight = new Map<
    string,
    { epoch: number; changes: number; minute: number; answer: Promise<{ json: string; expiresAt: number }> }
  >();

  const subscription: Subscription = database.subscribe('availability', {
    message(ownerId) {
      changes++;
      generations.set(ownerId, (generations.get(ownerId) ?? 0) + 1);
    },
    reset() {
      changes++;
      epoch++;
      entries.clear();
    },
  });

  /** The answer's JSON text, from the cache or `compute`. */
  async function lookup<T>(
    key: string,
    eventId: string,
    now: number,
    compute: () => Promise<Computed<T>>,
  ): Promise<string> {
    try {
      await subscription.sync();
    } catch {
      // Not listening (starting, or the connection was lost): exact means computing.
      return JSON.stringify((await compute()).value);
    }
    const hit = entries.get(key);
    const minute = Math.floor(now / MINUTE_MS);
    if (
      hit &&
      hit.epoch === epoch &&
      hit.generation === (generations.get(hit.ownerId) ?? 0) &&
      hit.minute === minute &&
      now < hit.expiresAt
    )
      return hit.json;
    // A burst of reads of one answer (a busy booking page, or every one of them at once after a
    // booking changed the owner's availability) computes it once: a read shares a computation under
    // way that began at the same stamps. Nothing was notified since it began, and the barrier above
    // has delivered every commit before this read, so no commit lies between its start and this
    // read's: its answer is as current as one computed now would be.
    const shared = inflight.get(key);
    if (shared && shared.epoch === epoch && shared.changes === changes && shared.minute === minute) {
      const answer = await shared.answer;
      if (now < answer.expiresAt) return answer.json;
    }
    const answer = computeAndStore(key, eventId, minute, compute);
    const mine = { epoch, changes, minute, answer };
    inflight.set(key, mine);
    try {
      return (await answer).json;
    } finally {
      if (inflight.get(key) === mine) inflight.delete(key);
    }
  }

  async function computeAndStore<T>(
    key: string,
    eventId: string,
    minute: number,
    compute: () => Promise<Computed<T>>,
  ): Promise<{ json: string; expiresAt: number }> {
    // The stamps as they were before the data is read: a change committed after this point bumps
    // them again, so an answer that may have missed it is never served.
    const knownOwner = eventOwners.get(eventId);
    const before = { epoch, changes, generation: knownOwner ? (generations.get(knownOwner) ?? 0) : 0 };
    const computed = await compute();
    eventOwners.set(eventId, computed.ownerId);
    // An event seen for the first time: its owner's generation is only known now, so the answer is
    // kept only when nothing at all changed meanwhile.
    const unchanged = knownOwner === computed.ownerId || before.changes === changes;
    const json = JSON.stringify(computed.value);
    if (!subscription.live || !unchanged) return { json, expiresAt: computed.expiresAt };
    const entry: Entry = {
      ownerId: computed.ownerId,
      generation:
        knownOwner === computed.ownerId ? before.generation : (generations.get(computed.ownerId) ?? 0),
      epoch: before.epoch,
      minute,
      expiresAt: computed.expiresAt,
      json,
    };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return { json, expiresAt: computed.expiresAt };
  }

  return {
    /**
     * The owner's stamp now, once every commit before this call was delivered; null when that
     * cannot be known (not listening).
     */
    async stamp(ownerId: string): Promise<OwnerStamp | null> {
      try {
        await subscription.sync();
      } catch {
        return null;
      }
      if (!subscription.live) return null;
      return { ownerId, generation: generations.get(ownerId) ?? 0, epoch };
    },
    /** Nothing of the stamp's owner was notified since it was taken, every earlier commit delivered. */
    async unchanged(stamp: OwnerStamp): Promise<boolean> {
      try {
        await subscription.sync();
      } catch {
        return false;
      }
      return (
        subscription.live &&
        stamp.epoch === epoch &&
        stamp.generation === (generations.get(stamp.ownerId) ?? 0)
      );
    },
    /** The answer for `key` (of the event `eventId`) at `now`, from the cache or `compute`. */
    async get<T>(key: string, eventId: string, now: number, compute: () => Promise<Computed<T>>): Promise<T> {
      return JSON.parse(await lookup(key, eventId, now, compute)) as T;
    },
    /** The same answer as JSON text, serialized once per computed answer (what the routes send). */
    json: <T>(key: string, eventId: string, now: number, compute: () => Promise<Computed<T>>) =>
      lookup(key, eventId, now, compute),
    close: () => subscription.close(),
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;

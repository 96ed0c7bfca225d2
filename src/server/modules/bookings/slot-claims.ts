import { setImmediate as nextTurn } from 'node:timers/promises';
import { nl } from '@contracts/messages';
import { AppError } from '../../http/app-error';

/** What a committed write took: the agenda it got, out of the agendas the booking could use. */
export interface ClaimOutcome {
  agendaId: string;
  candidates: readonly string[];
}

/**
 * How a write of a slot request ended, for the requests that waited for it: it took an agenda, the
 * database refused the slot itself (taken, or its day full: the same answer for any request of that
 * slot at that moment), or it failed for a reason of its own (null: the slot may still be free).
 */
type Ended = { took: ClaimOutcome } | { refused: AppError } | null;

/** The slot refusals that depend on the slot and the database only, not on who asked. */
export const isSlotRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.code === 'SLOT_TAKEN';

/**
 * The booking writes of this process in flight, one per slot request (docs/decisions/008-slot-claims.md).
 * When 200 customers ask for one slot at once, one of them writes and the others wait for it
 * instead of each running the whole check and a transaction the exclusion constraint then refuses:
 * once that write commits, every request that waited for it and could only use the agendas taken
 * meanwhile is answered the constraint's own 409, and when the database refused that write the
 * slot (taken, day full), the waiting requests get the same refusal. If the write failed for a
 * reason of its own (its customer's answers were wrong, a rule refused it, the database failed) the
 * slot is still free: the next waiting request writes, and the others wait for that one.
 *
 * It only saves work: nothing is refused that the database would not have refused at that moment
 * (a waiting request was under way while the winner committed, so it is answered as if it came
 * right after), and the exclusion constraint still decides between instances and between requests
 * whose keys differ (another service on the same agenda, another time that overlaps).
 */
export function createSlotClaims() {
  const inFlight = new Map<string, Promise<Ended>>();

  return {
    /**
     * Runs `write` for the slot request `key` once no other write of the same key is in flight in
     * this process. `write` returns its result and what it took (null: no slot, e.g. a payment's
     * confirmation, which the waiting requests do not count).
     */
    async run<T>(key: string, write: () => Promise<{ result: T; took: ClaimOutcome | null }>): Promise<T> {
      // Agendas taken by writes of this key that committed while this request waited.
      const taken = new Set<string>();
      for (let current = inFlight.get(key); current; current = inFlight.get(key)) {
        const ended = await current;
        if (!ended) continue;
        if ('refused' in ended) throw new AppError(ended.refused.code, ended.refused.message);
        taken.add(ended.took.agendaId);
        if (ended.took.candidates.every((id) => taken.has(id)))
          throw new AppError('SLOT_TAKEN', nl.booking.slotTaken);
      }
      let settle!: (ended: Ended) => void;
      inFlight.set(key, new Promise((resolve) => (settle = resolve)));
      let ended: Ended = null;
      try {
        // The requests that already arrived reach their claim first and wait for this write. On the
        // embedded database a write never gives the event loop back (PGlite answers synchronously),
        // so without this turn the racers would only be read after it, and each would write in turn.
        await nextTurn();
        const { result, took } = await write();
        if (took) ended = { took };
        return result;
      } catch (err) {
        if (isSlotRefusal(err)) ended = { refused: err };
        throw err;
      } finally {
        inFlight.delete(key);
        settle(ended);
      }
    },

    /** How many writes are in flight (tests). */
    get size() {
      return inFlight.size;
    },
  };
}
export type SlotClaims = ReturnType<typeof createSlotClaims>;

/**
 * The key of a customer's request for a slot: the same service, date, time and agenda choice, and
 * the places asked (a class refusing two places may still have one: docs/PRODUCT.md#classes).
 */
export const slotRequestKey = (req: {
  eventId: string;
  bookingDate: string;
  bookingTime: string;
  agendaId?: string | null;
  seats?: number;
}) =>
  `${req.eventId}|${req.bookingDate}|${req.bookingTime}|${req.agendaId ?? ''}${(req.seats ?? 1) > 1 ? `|${req.seats}` : ''}`;

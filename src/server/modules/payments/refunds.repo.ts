import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, events, users, type BookingRow } from '../../db/schema';

/** Refund states that still have to reach the provider. */
export const OPEN_REFUND = ['pending', 'failed'] as const;

export const refundsRepo = {
  /** The booking with its owner's encrypted secret key. */
  async withKey(db: Db, id: string) {
    const [row] = await db
      .select({ booking: bookings, secretKey: users.stripeSecretKey })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .where(eq(bookings.id, id));
    return row;
  },
  /**
   * Refunds asked but not done, longest waiting first (partial index bookings_refund_open_idx). A
   * `pending` one younger than `settledBefore` is left to the request that is asking right now.
   */
  open(db: Db, limit: number, settledBefore: Date) {
    return db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        or(
          eq(bookings.refundStatus, 'failed'),
          and(eq(bookings.refundStatus, 'pending'), lt(bookings.updatedAt, settledBefore)),
        ),
      )
      .orderBy(asc(bookings.updatedAt))
      .limit(limit);
  },
  /** Settles an open refund; a refund already settled by a parallel run stays as it is. */
  async settle(db: Db, id: string, values: Partial<BookingRow>, now: Date) {
    const [row] = await db
      .update(bookings)
      .set({ ...values, updatedAt: now })
      .where(and(eq(bookings.id, id), inArray(bookings.refundStatus, [...OPEN_REFUND])))
      .returning();
    return row;
  },
};

import { and, asc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bookings, events, users, type BookingRow } from '../../db/schema';

/** Refund states that still have to reach the provider. */
export const OPEN_REFUND = ['pending', 'failed'] as const;

export const refundsRepo = {
  /**
   * The booking with its owner's encrypted secret key, and the intent that paid for it: its own, or
   * a paid series' later occurrence's first one's (`paid_by_id`, migration 0035).
   */
  async withKey(db: Db, id: string) {
    const payer = alias(bookings, 'payer');
    const [row] = await db
      .select({
        booking: bookings,
        secretKey: users.stripeSecretKey,
        payerIntentId: payer.stripePaymentIntentId,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .leftJoin(payer, eq(payer.id, bookings.paidById))
      .where(eq(bookings.id, id));
    return row;
  },
  /** The other occurrences of one series payment (its first one and the later ones) already refunded. */
  refundedShares(db: Db, payerId: string, exceptId: string): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(
        and(
          or(eq(bookings.id, payerId), eq(bookings.paidById, payerId)),
          ne(bookings.id, exceptId),
          eq(bookings.refundStatus, 'succeeded'),
        ),
      );
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

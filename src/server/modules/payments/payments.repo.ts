import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, events, users, type BookingRow } from '../../db/schema';

/**
 * A hold is "open" while its payment is not settled: still pending, or released (cancelled) with
 * `hold_expires_at` still set because its intent has not been cancelled or refunded yet.
 */
const isOpenHold = and(
  eq(bookings.paymentStatus, 'pending'),
  or(
    eq(bookings.status, 'pending'),
    and(eq(bookings.status, 'cancelled'), isNotNull(bookings.holdExpiresAt)),
  ),
);

export const paymentsRepo = {
  async findById(db: Db, id: string): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    return row;
  },
  async findByIntent(db: Db, intentId: string): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, intentId));
    return row;
  },
  async setIntent(db: Db, id: string, intentId: string) {
    await db
      .update(bookings)
      .set({ stripePaymentIntentId: intentId })
      .where(and(eq(bookings.id, id), isNull(bookings.stripePaymentIntentId)));
  },
  /** Only an unconfirmed hold is ever deleted (its intent could not be created). */
  async deleteHold(db: Db, id: string) {
    await db.delete(bookings).where(and(eq(bookings.id, id), eq(bookings.status, 'pending')));
  },
  /** A visit's hold whose intent could not be created: every segment, all still unconfirmed. */
  async deleteVisitHold(db: Db, visitId: string) {
    await db.delete(bookings).where(and(eq(bookings.visitId, visitId), eq(bookings.status, 'pending')));
  },
  /** A paid series' hold whose intent could not be created: every occurrence, all still unconfirmed. */
  async deleteSeriesHold(db: Db, leadId: string) {
    await db
      .delete(bookings)
      .where(and(or(eq(bookings.id, leadId), eq(bookings.paidById, leadId)), eq(bookings.status, 'pending')));
  },
  /** The later occurrences of a series paid with this booking's intent, in order (migration 0035). */
  paidFollowers(db: Db, leadId: string): Promise<BookingRow[]> {
    return db.select().from(bookings).where(eq(bookings.paidById, leadId)).orderBy(asc(bookings.startsAt));
  },
  /** The later segments of a visit, in order (the first one carries its hold and payment). */
  laterSegments(db: Db, visitId: string): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(and(eq(bookings.visitId, visitId), gt(bookings.visitPosition, 0)))
      .orderBy(asc(bookings.visitPosition));
  },
  /** Confirms an open hold; undefined when someone else settled it first (the WHERE decides races). */
  async confirmOpenHold(
    db: Db,
    id: string,
    place: { agendaId: string; extraAgendaIds: string[] },
    paymentStatus: 'paid' | 'pending',
    now: Date,
  ) {
    const [row] = await db
      .update(bookings)
      .set({ status: 'confirmed', ...place, paymentStatus, holdExpiresAt: null, updatedAt: now })
      .where(and(eq(bookings.id, id), isOpenHold))
      .returning();
    return row;
  },
  /** A confirmed booking whose processing payment has now succeeded. */
  async markPaid(db: Db, id: string, now: Date) {
    const [row] = await db
      .update(bookings)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(
        and(eq(bookings.id, id), eq(bookings.status, 'confirmed'), eq(bookings.paymentStatus, 'pending')),
      )
      .returning();
    return row;
  },
  /**
   * Frees the slot of a hold; `hold_expires_at` stays so the reconciliation still settles its intent.
   * True when this call released it (it was still pending).
   */
  async releaseHold(db: Db, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'pending')))
      .returning({ id: bookings.id });
    return rows.length > 0;
  },
  /**
   * A live hold (pending, not expired at `now`) runs until `until` from now on; undefined when it is
   * no longer live (the WHERE decides a race with its expiry, payment or release).
   */
  async extendHold(db: Db, id: string, until: Date, now: Date): Promise<BookingRow | undefined> {
    const [row] = await db
      .update(bookings)
      .set({ holdExpiresAt: until, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'pending'), gt(bookings.holdExpiresAt, now)))
      .returning();
    return row;
  },
  /** The intent is settled (cancelled, refunded or failed): the row is a cancelled booking for good. */
  async closeHold(db: Db, id: string, now: Date) {
    await db
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(eq(bookings.id, id));
  },
  /** Holds whose intent was never stored (the process stopped in between) have nothing to settle. */
  async releaseOrphanHolds(db: Db, now: Date): Promise<number> {
    const rows = await db
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'pending'),
          isNull(bookings.stripePaymentIntentId),
          lte(bookings.holdExpiresAt, now),
          // A visit's later segments and a paid series' later occurrences never have an intent:
          // they follow their first one (0029, 0035).
          eq(bookings.visitPosition, 0),
          isNull(bookings.paidById),
        ),
      )
      .returning({ id: bookings.id });
    return rows.length;
  },
  /** Rows whose payment is not settled, oldest first, with the owner's encrypted secret key. */
  unsettled(db: Db, limit: number) {
    return db
      .select({ booking: bookings, secretKey: users.stripeSecretKey })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .where(
        and(
          eq(bookings.paymentStatus, 'pending'),
          isNotNull(bookings.stripePaymentIntentId),
          or(ne(bookings.status, 'cancelled'), isNotNull(bookings.holdExpiresAt)),
        ),
      )
      .orderBy(asc(bookings.createdAt))
      .limit(limit);
  },
};

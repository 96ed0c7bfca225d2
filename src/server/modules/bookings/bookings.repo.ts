import { and, asc, eq, gt, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, events, users, type BookingRow } from '../../db/schema';

export type BookingInsert = typeof bookings.$inferInsert;

/**
 * A booking blocks its slot unless it is cancelled or a payment hold that expired at `now`. Expired
 * holds stay in the table until a write releases them, so reads must skip them themselves.
 */
function blocksSlot(now: Date): SQL {
  return and(
    ne(bookings.status, 'cancelled'),
    or(ne(bookings.status, 'pending'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
  )!;
}

export const bookingsRepo = {
  /** Intervals of the event's bookings that block a slot at `now` and overlap [from, to). */
  async takenIntervals(db: Db, eventId: string, from: Date, to: Date, now: Date) {
    const rows = await db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, eventId),
          blocksSlot(now),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      );
    return rows.map((r) => ({ start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
  },
  async takenTimesOnDate(db: Db, eventId: string, date: string, now: Date) {
    return db
      .select({ bookingTime: bookings.bookingTime })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.bookingDate, date), blocksSlot(now)))
      .orderBy(asc(bookings.bookingTime));
  },
  /**
   * Cancels the event's payment holds that expired at `now` and overlap [startsAt, endsAt), so the
   * exclusion constraint lets a new booking take the slot. Their intents are settled later by the
   * reconciliation (hold_expires_at stays set to say so).
   */
  async releaseExpiredHolds(
    db: Db,
    eventId: string,
    startsAt: Date,
    endsAt: Date,
    now: Date,
    exceptId?: string,
  ) {
    await db
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(bookings.eventId, eventId),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, now),
          lt(bookings.startsAt, endsAt),
          gt(bookings.endsAt, startsAt),
          exceptId ? ne(bookings.id, exceptId) : undefined,
        ),
      );
  },
  async insert(db: Db, values: BookingInsert): Promise<BookingRow> {
    const [row] = await db.insert(bookings).values(values).returning();
    return row!;
  },
  async findByTokenHash(db: Db, hash: string): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.managementTokenHash, hash));
    return row;
  },
  /** A booking with its event and the event's owner; undefined once the booking was deleted. */
  async withEventAndOwner(db: Db, id: string) {
    const [row] = await db
      .select({ booking: bookings, event: events, owner: users })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .where(eq(bookings.id, id));
    return row;
  },
  async update(db: Db, id: string, values: Partial<BookingInsert>): Promise<BookingRow> {
    const [row] = await db
      .update(bookings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bookings.id, id))
      .returning();
    return row!;
  },
};

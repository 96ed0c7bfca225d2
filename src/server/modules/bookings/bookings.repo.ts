import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, type BookingRow } from '../../db/schema';

export type BookingInsert = typeof bookings.$inferInsert;

export const bookingsRepo = {
  /** Intervals of the event's non-cancelled bookings that overlap [from, to). */
  async takenIntervals(db: Db, eventId: string, from: Date, to: Date) {
    const rows = await db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), ne(bookings.status, 'cancelled'), lt(bookings.startsAt, to), gt(bookings.endsAt, from)));
    return rows.map((r) => ({ start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
  },
  async takenTimesOnDate(db: Db, eventId: string, date: string) {
    return db
      .select({ bookingTime: bookings.bookingTime })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.bookingDate, date), ne(bookings.status, 'cancelled')))
      .orderBy(asc(bookings.bookingTime));
  },
  async insert(db: Db, values: BookingInsert): Promise<BookingRow> {
    const [row] = await db.insert(bookings).values(values).returning();
    return row!;
  },
  async findByTokenHash(db: Db, hash: string): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.managementTokenHash, hash));
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

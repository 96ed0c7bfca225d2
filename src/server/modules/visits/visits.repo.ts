import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, events, type BookingRow } from '../../db/schema';

export const visitsRepo = {
  /** A visit's segments in order, each with its service's title, cut-offs and price. */
  async segments(db: Db, visitId: string) {
    return db
      .select({ booking: bookings, event: events })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(eq(bookings.visitId, visitId))
      .orderBy(asc(bookings.visitPosition));
  },
  /** The segments locked for a change of the whole visit (cancel, move), in order. */
  async lockSegments(tx: Db, visitId: string): Promise<BookingRow[]> {
    return tx
      .select()
      .from(bookings)
      .where(eq(bookings.visitId, visitId))
      .orderBy(asc(bookings.visitPosition))
      .for('update');
  },
};

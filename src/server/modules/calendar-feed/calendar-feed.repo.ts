import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, bookings, events, users, type UserRow } from '../../db/schema';

export const calendarFeedRepo = {
  async ownerByTokenHash(db: Db, hash: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.calendarFeedTokenHash, hash));
    return row;
  },
  /** The owner's confirmed bookings that start at or after `since`, in time order. */
  async liveSince(db: Db, ownerId: string, since: Date) {
    return db
      .select({
        booking: bookings,
        eventTitle: events.title,
        currency: events.currency,
        agendaName: agendas.name,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(agendas, eq(agendas.id, bookings.agendaId))
      .where(
        and(eq(bookings.ownerId, ownerId), eq(bookings.status, 'confirmed'), gte(bookings.startsAt, since)),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.id));
  },
};

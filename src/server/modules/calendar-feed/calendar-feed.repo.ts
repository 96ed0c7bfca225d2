import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, bookings, businessProfiles, events, users, type UserRow } from '../../db/schema';
import { customFieldsRepo } from '../events/custom-fields.repo';

export const calendarFeedRepo = {
  /** With the business name, which names the calendar like the owner's mail (mailer.ts `senderNameOf`). */
  async ownerByTokenHash(
    db: Db,
    hash: string,
  ): Promise<(UserRow & { businessName: string | null }) | undefined> {
    const [row] = await db
      .select({ owner: users, businessName: businessProfiles.name })
      .from(users)
      .leftJoin(businessProfiles, eq(businessProfiles.ownerId, users.id))
      .where(eq(users.calendarFeedTokenHash, hash));
    return row && { ...row.owner, businessName: row.businessName };
  },
  /** The owner's confirmed bookings that start at or after `since`, in time order. */
  async liveSince(db: Db, ownerId: string, since: Date) {
    return db
      .select({
        booking: bookings,
        eventTitle: events.title,
        currency: events.currency,
        agendaName: agendas.name,
        sensitiveFields: customFieldsRepo.sensitiveNamesOf(bookings.eventId),
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

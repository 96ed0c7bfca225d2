import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, bookings, eventTemplates, events, users, type UserRow } from '../../db/schema';

const asInt = (n: number | string | null | undefined) => Number(n ?? 0);

/** SQL of account deletion (docs/PRODUCT.md#account-deletion). */
export const accountDeletionRepo = {
  /**
   * The counts the warning names. "Future" are the confirmed bookings that have not started at
   * `now`: those the farewell cancels with an e-mail (a payment hold is only released).
   */
  async summary(db: Db, ownerId: string, now: Date) {
    const future = and(gt(bookings.startsAt, now), eq(bookings.status, 'confirmed'));
    const [b] = await db
      .select({
        all: count(),
        future: sql<number>`count(*) filter (where ${future})`,
        mailed: sql<number>`count(*) filter (where ${and(future, isNotNull(bookings.customerEmail))})`,
        paid: sql<number>`count(*) filter (where ${and(future, eq(bookings.paymentStatus, 'paid'))})`,
      })
      .from(bookings)
      .where(eq(bookings.ownerId, ownerId));
    const [services] = await db.select({ n: count() }).from(events).where(eq(events.userId, ownerId));
    const [templates] = await db
      .select({ n: count() })
      .from(eventTemplates)
      .where(eq(eventTemplates.userId, ownerId));
    const [ownAgendas] = await db.select({ n: count() }).from(agendas).where(eq(agendas.userId, ownerId));
    return {
      services: asInt(services?.n),
      bookings: asInt(b?.all),
      futureBookings: asInt(b?.future),
      customersMailed: asInt(b?.mailed),
      paidFutureBookings: asInt(b?.paid),
      templates: asInt(templates?.n),
      agendas: asInt(ownAgendas?.n),
    };
  },

  /**
   * Locks the owner's row and their services' rows for the deleting transaction, and answers the
   * owner as stored now. A booking being written takes a key-share lock on its service, which
   * conflicts with this one: a booking in flight commits first (and is cancelled with the rest), a
   * later one waits and then finds its service gone, so none is deleted without its e-mail.
   */
  async lockOwner(db: Db, ownerId: string): Promise<UserRow | undefined> {
    const [owner] = await db.select().from(users).where(eq(users.id, ownerId)).for('update');
    if (owner)
      await db.select({ id: events.id }).from(events).where(eq(events.userId, ownerId)).for('update');
    return owner;
  },

  /**
   * Deletes the user; every owner table cascades from `users` (bookings through their events, and
   * with them history and notifications). bookings → agendas is NO ACTION, checked at the end of the
   * statement, when the cascade has removed both. Answers whether a row was deleted.
   */
  async deleteUser(db: Db, id: string): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },
};

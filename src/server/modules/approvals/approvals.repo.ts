import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, events, type BookingRow } from '../../db/schema';

/** The SQL of requests the owner approves (docs/PRODUCT.md#approval). */
export const approvalsRepo = {
  /**
   * Whether the customer has a confirmed booking with the owner already (any time): the record is
   * found as a booking finds it (`find_customer`, migration 0026: by e-mail, else by phone), so a
   * merged customer's bookings count whole.
   */
  async knownCustomer(db: Db, ownerId: string, email: string | null, phone: string | null) {
    if (!email?.trim() && !phone?.trim()) return false;
    const [row] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, sql`find_customer(${ownerId}::uuid, '', ${email ?? ''}, ${phone ?? null})`),
          eq(bookings.status, 'confirmed'),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async findByTokenHash(db: Db, hash: string) {
    const [row] = await db
      .select({ booking: bookings, event: events })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(eq(bookings.approvalTokenHash, hash));
    return row;
  },

  /**
   * Decides a request: confirmed, or cancelled (its time free again). Conditional on it still being
   * a request, so of two decisions at once (two clicks, the link and the app, the expiry) one wins;
   * undefined for the others.
   */
  async decide(
    db: Db,
    id: string,
    status: 'confirmed' | 'cancelled',
    at: Date,
  ): Promise<BookingRow | undefined> {
    const [row] = await db
      .update(bookings)
      .set({ status, approvalExpiresAt: null, updatedAt: at })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'requested')))
      .returning();
    return row;
  },

  /** Requests past their decision deadline, oldest first (bookings_requested_expiry_idx). */
  async lapsed(db: Db, now: Date, limit: number): Promise<Pick<BookingRow, 'id'>[]> {
    return db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'requested'), lte(bookings.approvalExpiresAt, now)))
      .orderBy(asc(bookings.approvalExpiresAt))
      .limit(limit);
  },

  /** The owner's open requests still to decide, the soonest deadline first (the dashboard's list). */
  async open(db: Db, ownerId: string, now: Date, agendaIds: readonly string[] | null) {
    return db
      .select({ booking: bookings, eventTitle: events.title })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(
        and(
          eq(bookings.ownerId, ownerId),
          eq(bookings.status, 'requested'),
          gte(bookings.approvalExpiresAt, now),
          agendaIds ? sql`${bookings.agendaId} = any(${agendaIds}::uuid[])` : undefined,
        ),
      )
      .orderBy(asc(bookings.approvalExpiresAt))
      .limit(50);
  },
};

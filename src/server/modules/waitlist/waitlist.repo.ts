import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { WaitlistStatus } from '@contracts/enums';
import type { Db } from '../../db/client';
import {
  bookings,
  events,
  waitlistEntries,
  waitlistWakeups,
  type BookingRow,
  type WaitlistEntryRow,
} from '../../db/schema';

export type WaitlistInsert = Omit<typeof waitlistEntries.$inferInsert, 'id' | 'seq'>;

/** Still in the list: waiting, or offered a place not yet taken or lapsed. */
const OPEN: WaitlistStatus[] = ['waiting', 'offered'];
const isOpen = inArray(waitlistEntries.status, OPEN);

export const waitlistRepo = {
  /**
   * Serialises the joins of one service and day to the commit, so the list's order (`seq`) is the
   * order in which they committed and a position told is never told twice.
   */
  async lockDay(tx: Db, eventId: string, date: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist:${eventId}:${date}`}, 0))`,
    );
  },

  async insert(tx: Db, values: WaitlistInsert): Promise<WaitlistEntryRow> {
    const [row] = await tx.insert(waitlistEntries).values(values).returning();
    return row!;
  },

  /** Its place among the open entries of the same time (or of the day), from 1. */
  async position(db: Db, entry: Pick<WaitlistEntryRow, 'eventId' | 'waitDate' | 'waitTime' | 'seq'>) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.eventId, entry.eventId),
          eq(waitlistEntries.waitDate, entry.waitDate),
          sql`coalesce(${waitlistEntries.waitTime}, '') = ${entry.waitTime ?? ''}`,
          isOpen,
          lte(waitlistEntries.seq, entry.seq),
        ),
      );
    return row?.n ?? 1;
  },

  async findByTokenHash(db: Db, tokenHash: string): Promise<WaitlistEntryRow | undefined> {
    const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.tokenHash, tokenHash));
    return row;
  },

  async findOfOwner(db: Db, ownerId: string, id: string): Promise<WaitlistEntryRow | undefined> {
    const [row] = await db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.ownerId, ownerId)));
    return row;
  },

  /** The entry locked to the commit: an offer, a claim, a lapse and a leave of it run in turn. */
  async lock(tx: Db, id: string): Promise<WaitlistEntryRow | undefined> {
    const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
    return row;
  },

  /** The open entries of a service's day in the list's order. */
  listOpen(db: Db, eventId: string, date: string): Promise<WaitlistEntryRow[]> {
    return db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.waitDate, date), isOpen))
      .orderBy(asc(waitlistEntries.seq));
  },

  /** The entries still waiting for a service's day, in order, locked to the commit (the offers' transaction). */
  waitingLocked(tx: Db, eventId: string, date: string): Promise<WaitlistEntryRow[]> {
    return tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.eventId, eventId),
          eq(waitlistEntries.waitDate, date),
          eq(waitlistEntries.status, 'waiting'),
        ),
      )
      .orderBy(asc(waitlistEntries.seq))
      .for('update');
  },

  async update(tx: Db, id: string, values: Partial<WaitlistInsert>): Promise<WaitlistEntryRow> {
    const [row] = await tx.update(waitlistEntries).set(values).where(eq(waitlistEntries.id, id)).returning();
    return row!;
  },

  /**
   * Takes one "places may have come free" row, for the caller's transaction: deleted now, so another
   * worker skips it, and back if the transaction fails. A change that frees places after this
   * delete writes a new row (it waits for this transaction on the key), so none is missed.
   */
  async takeWakeup(tx: Db): Promise<{ eventId: string; waitDate: string } | undefined> {
    const rows = await tx.execute<{ event_id: string; wait_date: string }>(sql`
      delete from ${waitlistWakeups} w
      where (w.event_id, w.wait_date) = (
        select event_id, wait_date from ${waitlistWakeups} limit 1 for update skip locked
      )
      returning w.event_id, w.wait_date::text as wait_date`);
    const row = (rows as unknown as { rows: Array<{ event_id: string; wait_date: string }> }).rows[0];
    return row && { eventId: row.event_id, waitDate: row.wait_date };
  },

  /** Offers past their end at `now` that nobody took yet (a batch). */
  dueLapses(db: Db, now: Date, limit = 100): Promise<Array<{ id: string }>> {
    return db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
      .orderBy(asc(waitlistEntries.offerExpiresAt))
      .limit(limit);
  },

  /** Whether the worker has anything to do at `now`: one cheap read per tick. */
  async anythingDue(db: Db, now: Date): Promise<boolean> {
    const rows = await db.execute<{ due: boolean }>(sql`
      select exists (select 1 from ${waitlistWakeups})
        or exists (select 1 from ${waitlistEntries}
                   where ${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} <= ${now})
        as due`);
    return Boolean((rows as unknown as { rows: Array<{ due: boolean }> }).rows[0]?.due);
  },

  /** An offer's hold, locked, while it is still a live hold without payment at `now`. */
  async lockOfferHold(tx: Db, bookingId: string, now: Date): Promise<BookingRow | undefined> {
    const [row] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.status, 'pending'),
          eq(bookings.paymentStatus, 'not_required'),
          gt(bookings.holdExpiresAt, now),
        ),
      )
      .for('update');
    return row;
  },

  /** Every entry of one address with the business (an erasure request): its holds go with the bookings'. */
  async deleteOfAddress(tx: Db, ownerId: string, email: string) {
    await tx
      .delete(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.ownerId, ownerId),
          sql`lower(${waitlistEntries.customerEmail}) = ${email.trim().toLowerCase()}`,
        ),
      );
  },

  /** Every entry of the address with this owner, oldest first, with its service's title (the export). */
  async ofAddress(db: Db, ownerId: string, email: string) {
    return db
      .select({ entry: waitlistEntries, service: events.title })
      .from(waitlistEntries)
      .innerJoin(events, eq(events.id, waitlistEntries.eventId))
      .where(
        and(
          eq(waitlistEntries.ownerId, ownerId),
          sql`lower(${waitlistEntries.customerEmail}) = ${email.trim().toLowerCase()}`,
        ),
      )
      .orderBy(asc(waitlistEntries.seq));
  },

  /** Entries of days before `date` (the retention run): nothing is left to wait for. */
  async deletePast(db: Db, date: string) {
    await db.delete(waitlistEntries).where(sql`${waitlistEntries.waitDate} < ${date}`);
  },

  /** Gives an offer's held place back: the hold is deleted while it is still only a hold. */
  async dropOfferHold(tx: Db, bookingId: string) {
    await tx
      .delete(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          inArray(bookings.status, ['pending', 'cancelled']),
          eq(bookings.paymentStatus, 'not_required'),
        ),
      );
  },
};

import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { BookingActor, BookingHistoryKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import { bookingHistory, bookings, eventWebhooks, notifications, type BookingRow } from '../../db/schema';
import type { BookingInsert } from './bookings.repo';

export interface NewHistoryEntry {
  bookingId: string;
  ownerId: string;
  kind: BookingHistoryKind;
  actor: BookingActor;
  details?: Record<string, unknown>;
  at: Date;
}

/** What a booking change writes with its history entry (booking-notifier.ts `writeChange`). */
export interface ChangeWrites {
  entry: NewHistoryEntry & { id: string };
  messages: Array<typeof notifications.$inferInsert & { id: string }>;
  /** The messages' jobs, pg-boss's insert (JobQueue.insertStatement); null for none. */
  jobs: SQL | null;
}

/** The change's inserts by the name of their WITH clause: the entry, its messages and their jobs. */
function changeParts(tx: Db, { entry, messages, jobs }: ChangeWrites): Array<[string, SQL]> {
  const parts: Array<[string, SQL]> = [
    [
      'entry',
      tx
        .insert(bookingHistory)
        .values({ ...entry, details: entry.details ?? {} })
        .getSQL(),
    ],
  ];
  if (messages.length) parts.push(['messages', tx.insert(notifications).values(messages).getSQL()]);
  if (jobs) parts.push(['jobs', jobs]);
  return parts;
}

export const bookingHistoryRepo = {
  /**
   * Writes a change in one statement: its history entry, the messages it planned (which carry the
   * entry's id) and their jobs (`jobs`, pg-boss's insert: JobQueue.insertStatement). One statement
   * instead of three is two round trips less per booking change (issue 21, B5); the messages'
   * reference to the entry is checked at the end of the statement, when all three are in.
   */
  async insertWithMessages(tx: Db, change: ChangeWrites) {
    const parts = changeParts(tx, change).map(([name, part]) => sql`${sql.identifier(name)} as (${part})`);
    await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
  },

  /**
   * A new booking written in the same statement as the change that creates it (`insertWithMessages`'
   * three parts as its WITH clause): atomic on its own, so a booking that needs nothing else needs no
   * transaction (slot-rules.ts `takeSlot`). The entry's and messages' references to the booking are
   * checked at the end of the statement too. Returns the booking as stored.
   */
  async insertBookingWithMessages(tx: Db, booking: BookingInsert, change: ChangeWrites): Promise<BookingRow> {
    const parts = changeParts(tx, change).map(([name, part]) => tx.$with(name, {}).as(part));
    const [row] = await tx
      .with(...parts)
      .insert(bookings)
      .values(booking)
      .returning();
    return row!;
  },

  /** The booking's history, oldest first (ties by id so a created + paid pair keeps one order). */
  listByBooking(db: Db, bookingId: string) {
    return db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, bookingId))
      .orderBy(asc(bookingHistory.at), asc(bookingHistory.id));
  },

  /** Every message a change of the booking caused, with the webhook's name for webhooks. */
  messagesOfBooking(db: Db, bookingId: string) {
    return db
      .select({ notification: notifications, webhookName: eventWebhooks.name })
      .from(notifications)
      .leftJoin(eventWebhooks, eq(eventWebhooks.id, notifications.webhookId))
      .where(and(eq(notifications.bookingId, bookingId), isNotNull(notifications.historyId)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
  },
};

import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { BookingActor, BookingHistoryKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import { bookingHistory, eventWebhooks, notifications } from '../../db/schema';
import { placeholderRow, rawSql, rawValues, rowShape, rowValues, type RawStatement } from '../../db/prepared';
import { notificationsRepo } from '../notifications/notifications.repo';

export interface NewHistoryEntry {
  bookingId: string;
  ownerId: string;
  kind: BookingHistoryKind;
  actor: BookingActor;
  /** The member who made an `owner` change, and their name then. */
  memberId?: string | null;
  memberName?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

/** What a booking change writes with its history entry (booking-notifier.ts `writeChange`). */
export interface ChangeWrites {
  entry: NewHistoryEntry & { id: string };
  messages: Array<typeof notifications.$inferInsert & { id: string }>;
  /** The messages' jobs, pg-boss's insert (JobQueue.insertStatement); null for none. */
  jobs: RawStatement | null;
}

/**
 * The change's inserts by the name of their WITH clause: the entry (this table's), its messages
 * (notifications.repo.ts) and their jobs. With `placeholders`, every value is a placeholder (their
 * values: changeValues). A new booking's insert takes them as its WITH clause (bookings.repo.ts).
 */
export function changeParts(tx: Db, change: ChangeWrites, placeholders = false): Array<[string, SQL]> {
  const row = <T extends object>(r: T, prefix: string) => (placeholders ? placeholderRow(r, prefix) : r);
  const parts: Array<[string, SQL]> = [
    [
      'entry',
      tx
        .insert(bookingHistory)
        .values(row(entryRow(change), 'h_'))
        .getSQL(),
    ],
  ];
  const messages = change.messages.map((m, i) => row(m, `m${i}_`));
  if (messages.length) parts.push(['messages', notificationsRepo.insertPart(tx, messages)]);
  if (change.jobs) parts.push(['jobs', rawSql(change.jobs, placeholders ? 'j' : undefined)]);
  return parts;
}

const entryRow = ({ entry }: ChangeWrites) => ({ ...entry, details: entry.details ?? {} });

/** The values of changeParts' placeholders. */
export function changeValues(change: ChangeWrites, into: Record<string, unknown>) {
  rowValues(entryRow(change), 'h_', into);
  change.messages.forEach((m, i) => rowValues(m, `m${i}_`, into));
  if (change.jobs) rawValues(change.jobs, 'j', into);
}

/** The parts' text follows which columns the entry and messages set, and the jobs' text. */
export const changeShape = (change: ChangeWrites) =>
  [rowShape(entryRow(change)), ...change.messages.map(rowShape), change.jobs?.text ?? ''].join('|');

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
   * The booking's history, oldest first; entries of one instant (a paid booking's `created` and
   * `paid`) in the order they were written.
   */
  listByBooking(db: Db, bookingId: string) {
    return db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, bookingId))
      .orderBy(asc(bookingHistory.at), asc(bookingHistory.seq));
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

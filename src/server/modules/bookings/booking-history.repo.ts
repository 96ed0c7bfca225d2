import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { BookingActor, BookingHistoryKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import { bookingHistory, bookings, eventWebhooks, notifications, type BookingRow } from '../../db/schema';
import type { BookingInsert } from './bookings.repo';
import {
  placeholderRow,
  preparedByShape,
  rawSql,
  rawValues,
  rowShape,
  rowValues,
  type RawStatement,
} from '../../db/prepared';

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
  jobs: RawStatement | null;
}

/**
 * The change's inserts by the name of their WITH clause: the entry, its messages and their jobs.
 * With `placeholders`, every value is a placeholder (their values: changeValues).
 */
function changeParts(tx: Db, change: ChangeWrites, placeholders = false): Array<[string, SQL]> {
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
  if (messages.length) parts.push(['messages', tx.insert(notifications).values(messages).getSQL()]);
  if (change.jobs) parts.push(['jobs', rawSql(change.jobs, placeholders ? 'j' : undefined)]);
  return parts;
}

const entryRow = ({ entry }: ChangeWrites) => ({ ...entry, details: entry.details ?? {} });

/** The values of changeParts' placeholders. */
function changeValues(change: ChangeWrites, into: Record<string, unknown>) {
  rowValues(entryRow(change), 'h_', into);
  change.messages.forEach((m, i) => rowValues(m, `m${i}_`, into));
  if (change.jobs) rawValues(change.jobs, 'j', into);
}

/** The statement's text follows which columns the booking, entry and messages set, and the jobs' text. */
const changeShape = (booking: BookingInsert, change: ChangeWrites) =>
  [
    rowShape(booking),
    rowShape(entryRow(change)),
    ...change.messages.map(rowShape),
    change.jobs?.text ?? '',
  ].join('|');

const bookingWithChange = preparedByShape<{
  execute(values: Record<string, unknown>): Promise<BookingRow[]>;
}>('booking_with_change');

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
   * checked at the end of the statement too. Every booking asks it, so it is prepared per shape
   * (db/prepared.ts): Drizzle builds its text once, PostgreSQL parses it once per connection.
   * Returns the booking as stored.
   */
  async insertBookingWithMessages(tx: Db, booking: BookingInsert, change: ChangeWrites): Promise<BookingRow> {
    const statement = bookingWithChange(tx, changeShape(booking, change), (db, name) => {
      const parts = changeParts(db, change, true).map(([cte, part]) => db.$with(cte, {}).as(part));
      const query = db
        .with(...parts)
        .insert(bookings)
        .values(placeholderRow(booking, 'b_'))
        .returning();
      return name ? query.prepare(name) : query;
    });
    const values: Record<string, unknown> = {};
    rowValues(booking, 'b_', values);
    changeValues(change, values);
    const [row] = await statement.execute(values);
    return row!;
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

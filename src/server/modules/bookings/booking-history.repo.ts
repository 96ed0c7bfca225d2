import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { BookingActor, BookingHistoryKind } from '@contracts/enums';
import type { Db } from '../../db/client';
import { bookingHistory, eventWebhooks, notifications } from '../../db/schema';

export interface NewHistoryEntry {
  bookingId: string;
  ownerId: string;
  kind: BookingHistoryKind;
  actor: BookingActor;
  details?: Record<string, unknown>;
  at: Date;
}

export const bookingHistoryRepo = {
  /** Writes one entry; gives back its id (the messages the change plans carry it). */
  async insert(tx: Db, entry: NewHistoryEntry): Promise<string> {
    const [row] = await tx
      .insert(bookingHistory)
      .values({ ...entry, details: entry.details ?? {} })
      .returning({ id: bookingHistory.id });
    return row!.id;
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

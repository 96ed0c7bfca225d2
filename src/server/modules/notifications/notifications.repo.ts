import { and, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NotificationKind } from '@contracts/enums';
import { notifications, type NotificationRow } from '../../db/schema';

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  | 'ownerId'
  | 'bookingId'
  | 'webhookId'
  | 'channel'
  | 'kind'
  | 'templateId'
  | 'payload'
  | 'dueAt'
  | 'historyId'
  | 'status'
  | 'lastError'
>;

export const notificationsRepo = {
  async insertMany(tx: Db, rows: NewNotification[]): Promise<NotificationRow[]> {
    return rows.length ? tx.insert(notifications).values(rows).returning() : [];
  },

  /** How many e-mails of these kinds the booking had due in [since, until] and not skipped. */
  async countMailsDue(
    tx: Db,
    bookingId: string,
    kinds: readonly NotificationKind[],
    since: Date,
    until: Date,
  ) {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.channel, 'email'),
          inArray(notifications.kind, [...kinds]),
          ne(notifications.status, 'skipped'),
          gt(notifications.dueAt, since),
          lte(notifications.dueAt, until),
        ),
      );
    return row?.n ?? 0;
  },

  async findById(db: Db, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  },

  /** Marks the booking's still-pending messages of these kinds skipped; returns their ids. */
  async skipPending(tx: Db, bookingId: string, kinds: NotificationKind[]): Promise<string[]> {
    const rows = await tx
      .update(notifications)
      .set({ status: 'skipped', lastError: null, nextAttemptAt: null })
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.status, 'pending'),
          inArray(notifications.kind, kinds),
        ),
      )
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  },

  /** Settles a pending row exactly once: false when it was already settled (a repeated job). */
  async settle(
    db: Db,
    id: string,
    values: {
      status: 'sent' | 'failed' | 'skipped';
      responseStatus?: number | null;
      lastError?: string | null;
    },
    at: Date,
  ) {
    const rows = await db
      .update(notifications)
      .set({
        status: values.status,
        attempts: sql`${notifications.attempts} + ${values.status === 'skipped' ? 0 : 1}`,
        responseStatus: values.responseStatus ?? null,
        lastError: values.lastError ?? null,
        nextAttemptAt: null,
        sentAt: values.status === 'sent' ? at : null,
      })
      .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  /** Records a failed attempt that will be retried. */
  async recordAttempt(
    db: Db,
    id: string,
    values: { responseStatus: number | null; lastError: string; nextAttemptAt: Date | null },
  ) {
    await db
      .update(notifications)
      .set({ attempts: sql`${notifications.attempts} + 1`, ...values })
      .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')));
  },

  listForWebhook(db: Db, webhookId: string, limit: number) {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.webhookId, webhookId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },
};

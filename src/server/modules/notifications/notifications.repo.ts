import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NotificationKind, TextDeliveryStatus } from '@contracts/enums';
import { preparedPerDb } from '../../db/prepared';
import {
  agendas,
  bookingHistory,
  bookings,
  businessProfiles,
  emailTemplates,
  events,
  notifications,
  users,
  type NotificationRow,
} from '../../db/schema';

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

/** The kinds whose e-mail the owner may replace by a template of the same type (the first one). */
const OWN_TEMPLATE_KINDS = ['confirmation', 'modification', 'cancellation'] as const;

/**
 * Everything a batch of deliveries needs, in one read (the jobs run on the embedded database's one
 * connection beside the bookings): each row, its booking with event and owner, and the owner's
 * template for it: a reminder's own, or the first of its type for the e-mails an owner may replace.
 */
const deliveriesByIds = preparedPerDb((db) => {
  const template = db
    .select({
      id: emailTemplates.id,
      isActive: emailTemplates.isActive,
      subject: emailTemplates.subject,
      htmlBody: emailTemplates.htmlBody,
      textBody: emailTemplates.textBody,
    })
    .from(emailTemplates)
    .where(
      or(
        and(eq(notifications.kind, 'reminder'), eq(emailTemplates.id, notifications.templateId)),
        and(
          inArray(notifications.kind, [...OWN_TEMPLATE_KINDS]),
          eq(emailTemplates.userId, events.userId),
          sql`${emailTemplates.templateType}::text = ${notifications.kind}::text`,
        ),
      ),
    )
    .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id))
    .limit(1)
    .as('template');
  return db
    .select({
      notification: notifications,
      booking: bookings,
      event: events,
      owner: users,
      businessName: businessProfiles.name,
      businessAddress: businessProfiles.address,
      businessPhone: businessProfiles.phone,
      agendaName: agendas.name,
      template: {
        id: template.id,
        isActive: template.isActive,
        subject: template.subject,
        htmlBody: template.htmlBody,
        textBody: template.textBody,
      },
    })
    .from(notifications)
    .leftJoin(bookings, eq(bookings.id, notifications.bookingId))
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(users, eq(users.id, events.userId))
    .leftJoin(businessProfiles, eq(businessProfiles.ownerId, users.id))
    .leftJoin(agendas, eq(agendas.id, bookings.agendaId))
    .leftJoinLateral(template, sql`true`)
    .where(sql`${notifications.id} = any(${sql.placeholder('ids')})`)
    .prepare('notifications_for_delivery');
});

export const notificationsRepo = {
  /** Messages no booking change plans (the waitlist's webhooks), in the caller's transaction. */
  async insert(db: Db, rows: Array<typeof notifications.$inferInsert>): Promise<void> {
    if (rows.length) await db.insert(notifications).values(rows);
  },

  /**
   * The insert of a change's planned messages, as one part of the change's statement
   * (booking-history.repo.ts `changeParts`); `rows` may hold placeholders.
   */
  insertPart(db: Db, rows: Array<typeof notifications.$inferInsert>): SQL {
    return db.insert(notifications).values(rows).getSQL();
  },

  /**
   * The notifications with what their delivery needs (deliveriesByIds), by id; a row that is gone is
   * missing from the map.
   */
  async forDelivery(db: Db, ids: readonly string[]) {
    const rows = await deliveriesByIds(db).execute({ ids });
    return new Map(
      rows.map(
        ({
          notification,
          booking,
          event,
          owner,
          businessName,
          businessAddress,
          businessPhone,
          agendaName,
          template,
        }) => [
          notification.id,
          {
            notification,
            /** The booking with its event, owner, business contact and agenda; null when the booking is gone. */
            context:
              booking && event && owner
                ? {
                    booking,
                    event,
                    owner: { ...owner, businessName },
                    business: { address: businessAddress, phone: businessPhone },
                    agendaName,
                  }
                : null,
            template,
          },
        ],
      ),
    );
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

  /**
   * The booking's pending e-mails about a move (the customer's modification, the owner's notice of a
   * customer's move), in the order their changes were written: by the history entry's `seq`, never
   * by a timestamp (a frozen clock stamps two changes alike).
   */
  pendingMoveMails(tx: Db, bookingId: string) {
    return tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        payload: notifications.payload,
        seq: bookingHistory.seq,
        details: bookingHistory.details,
      })
      .from(notifications)
      .innerJoin(bookingHistory, eq(bookingHistory.id, notifications.historyId))
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.channel, 'email'),
          eq(notifications.status, 'pending'),
          or(
            eq(notifications.kind, 'modification'),
            and(
              eq(notifications.kind, 'owner_notice'),
              sql`${notifications.payload}->>'action' = 'rescheduled'`,
            ),
          ),
        ),
      )
      .orderBy(asc(bookingHistory.seq));
  },

  /** Marks these still-pending rows skipped with the reason (`lastError`), sending nothing. */
  async skip(tx: Db, ids: readonly string[], lastError: string) {
    if (!ids.length) return;
    await tx
      .update(notifications)
      .set({ status: 'skipped', lastError, nextAttemptAt: null })
      .where(and(inArray(notifications.id, [...ids]), eq(notifications.status, 'pending')));
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

  /** Settles pending rows exactly once, all with the same outcome (a row settled already, by a repeated job, stays as it is). */
  /**
   * Completes a webhook's body once (a visit's `segments`, notification-delivery.ts): the first
   * attempt stores it, and the body stored first wins, so every attempt posts the same one.
   */
  async fillPayload(db: Db, id: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const [row] = await db
      .update(notifications)
      .set({ payload })
      .where(
        and(
          eq(notifications.id, id),
          sql`jsonb_typeof(${notifications.payload} -> 'segments') is distinct from 'array'`,
        ),
      )
      .returning({ payload: notifications.payload });
    if (row) return row.payload;
    const [stored] = await db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.id, id));
    return stored?.payload ?? payload;
  },

  async settle(
    db: Db,
    ids: readonly string[],
    values: {
      status: 'sent' | 'failed' | 'skipped';
      responseStatus?: number | null;
      lastError?: string | null;
      /** A text message the provider accepted: its id there and the status it answered. */
      provider?: { id: string; status: TextDeliveryStatus } | null;
    },
    at: Date,
  ) {
    if (!ids.length) return;
    await db
      .update(notifications)
      .set({
        status: values.status,
        attempts: sql`${notifications.attempts} + ${values.status === 'skipped' ? 0 : 1}`,
        responseStatus: values.responseStatus ?? null,
        lastError: values.lastError ?? null,
        nextAttemptAt: null,
        sentAt: values.status === 'sent' ? at : null,
        ...(values.provider
          ? {
              providerMessageId: values.provider.id,
              // A report that overtook this record (callbacks keep the later status) is not undone.
              providerStatus: sql`coalesce(${notifications.providerStatus}, ${values.provider.status})`,
              providerStatusAt: sql`coalesce(${notifications.providerStatusAt}, ${at.toISOString()}::timestamptz)`,
            }
          : {}),
      })
      .where(and(inArray(notifications.id, [...ids]), eq(notifications.status, 'pending')));
  },

  /** Records a failed attempt that will be retried. */
  /**
   * A text message's status as its provider reported it (docs/PRODUCT.md#text-messages), found by our
   * id (`ref`) or the provider's, within the owner's messages. Never backwards: a report of a lower
   * rank than the stored one (a late 'sent' after 'delivered') leaves it. Answers the row as it is
   * after the report, with whether this report changed it, or null for a message the owner has not.
   */
  async reportStatus(
    db: Db,
    ownerId: string,
    { ref, providerId }: { ref: string | null; providerId: string | null },
    status: TextDeliveryStatus,
    at: Date,
  ): Promise<{ row: NotificationRow; changed: boolean } | null> {
    const texts = and(
      eq(notifications.ownerId, ownerId),
      inArray(notifications.channel, ['sms', 'whatsapp']),
    );
    // Our id names the message even before its send was recorded; the provider's id must agree once it was.
    const which = ref
      ? and(
          eq(notifications.id, ref),
          or(
            sql`${notifications.providerMessageId} is null`,
            providerId ? eq(notifications.providerMessageId, providerId) : undefined,
          ),
        )
      : providerId
        ? eq(notifications.providerMessageId, providerId)
        : undefined;
    if (!which) return null;
    const rank = (v: SQL | TextDeliveryStatus) =>
      sql`(case ${v} when 'queued' then 1 when 'sent' then 2 when 'delivered' then 3 when 'undelivered' then 3 when 'failed' then 3 else 0 end)`;
    const [changed] = await db
      .update(notifications)
      .set({
        providerStatus: status,
        providerStatusAt: at,
        ...(providerId
          ? { providerMessageId: sql`coalesce(${notifications.providerMessageId}, ${providerId})` }
          : {}),
      })
      .where(
        and(texts, which, sql`${rank(sql`${notifications.providerStatus}`)} < ${rank(sql`${status}::text`)}`),
      )
      .returning();
    if (changed) return { row: changed, changed: true };
    const [row] = await db.select().from(notifications).where(and(texts, which));
    return row ? { row, changed: false } : null;
  },

  /**
   * The e-mail that stands in for a text confirmation that failed for good, unless one is planned for
   * it already or the booking's e-mail confirmation went out: planned under the text row's lock, so
   * a report and the last retry arriving together plan it once. Answers its id, or null.
   */
  async planFallback(tx: Db, text: NotificationRow, at: Date): Promise<string | null> {
    // The lock first, on its own: the insert's check then reads what a report or retry that held it
    // committed (one statement's snapshot would be taken before the wait).
    await tx.execute(sql`select 1 from ${notifications} where id = ${text.id} for update`);
    const result = await tx.execute(sql`
      insert into ${notifications}
        (id, owner_id, booking_id, channel, kind, payload, due_at, history_id, created_at)
      select gen_random_uuid(), ${text.ownerId}, ${text.bookingId}, 'email', 'confirmation',
        ${JSON.stringify({ fallbackFor: text.id })}::jsonb, ${at.toISOString()}::timestamptz,
        ${text.historyId}, ${at.toISOString()}::timestamptz
      where exists (
        select 1 from ${bookings} b where b.id = ${text.bookingId} and coalesce(b.customer_email, '') <> ''
      )
      and not exists (
        select 1 from ${notifications} e
        where e.booking_id = ${text.bookingId} and e.channel = 'email' and e.kind = 'confirmation'
          and (e.payload->>'fallbackFor' = ${text.id} or e.status = 'sent')
      )
      returning id`);
    const rows = (result as unknown as { rows: Array<{ id: string }> }).rows;
    return rows[0]?.id ?? null;
  },

  /**
   * What became of the booking's own e-mail confirmation, for its fallback (`exceptId`): 'sent' when
   * one went out, 'pending' while one may still go, else null.
   */
  async emailConfirmation(db: Db, bookingId: string, exceptId: string): Promise<'sent' | 'pending' | null> {
    const rows = await db
      .select({ status: notifications.status })
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, bookingId),
          eq(notifications.channel, 'email'),
          eq(notifications.kind, 'confirmation'),
          ne(notifications.id, exceptId),
          inArray(notifications.status, ['sent', 'pending']),
        ),
      );
    if (rows.some((r) => r.status === 'sent')) return 'sent';
    return rows.length ? 'pending' : null;
  },

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

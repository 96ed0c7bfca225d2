import { and, desc, eq, gt, gte, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  classSessions,
  agendaAbsences,
  agendas,
  bookings,
  businessProfiles,
  closures,
  customFields,
  emailTemplates,
  eventCategories,
  eventWebhooks,
  events,
  messagingConnections,
  users,
} from '../../db/schema';
import type { WebhookTrigger } from '@contracts/enums';
import type { DailyPauseTimes, WorkingDays } from '@core/index';
import { customFieldsRepo, type FieldValues } from './custom-fields.repo';
import { publicBusinessColumns } from '../business-profile/business-profile.repo';

export type EventInsert = typeof events.$inferInsert;

/** The public event read (`eventsRepo.findPublic`): every booking, cache miss and booking page asks it. */
const publicEventColumns = {
  event: events,
  timeZone: users.timeZone,
  // Whether a paid service can be booked now (payment-keys.ts paymentKeysStatus).
  paymentKeys: {
    stripePublicKey: users.stripePublicKey,
    stripeSecretKey: users.stripeSecretKey,
    paymentKeysBrokenAt: users.paymentKeysBrokenAt,
  },
  // Without a Calendar connection there are no busy times to read (availability skips them).
  googleConnected: sql<boolean>`${users.googleAccessToken} is not null`,
  // Without any closure there are none to read either (most owners, most of the year).
  hasClosures: sql<boolean>`exists (select 1 from ${closures} c where c.user_id = ${events.userId})`,
  category: { name: eventCategories.name, color: eventCategories.color },
  // The service's agendas as the customer sees them (id and name), in the owner's order.
  agendas: sql<Array<{ id: string; name: string }>>`(
    select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name)
      order by array_position(${events.agendaIds}, a.id)), '[]'::json)
    from ${agendas} a where a.id = any(${events.agendaIds}) and a.deleted_at is null
  )`,
  // The own weeks of the agendas the service may occupy (any group) that have one; usually none.
  agendaWeeks: sql<Array<{ id: string; workingDays: WorkingDays; dailyPauseTimes: DailyPauseTimes | null }>>`(
    select coalesce(json_agg(json_build_object('id', a.id, 'workingDays', a.working_days,
      'dailyPauseTimes', a.daily_pause_times)), '[]'::json)
    from ${agendas} a
    where a.working_days is not null and (a.id = any(${events.agendaIds})
      or a.id::text in (select jsonb_array_elements_text(g) from jsonb_array_elements(${events.extraAgendaGroups}) g))
  )`,
  // Without any absence of the owner's agendas there are none to read (agenda-limits.ts).
  hasAbsences: sql<boolean>`exists (select 1 from ${agendaAbsences} x where x.user_id = ${events.userId})`,
  business: publicBusinessColumns,
  // The booking form's questions in their order (a booking checks the answers against them).
  fields: sql<Array<Required<FieldValues>>>`(
    select coalesce(json_agg(json_build_object('id', f.id, 'fieldName', f.field_name,
      'fieldType', f.field_type, 'isRequired', f.is_required, 'order', f."order",
      'options', f.options, 'minValue', f.min_value, 'maxValue', f.max_value, 'sensitive', f.sensitive)
      order by f."order", f.id), '[]'::json)
    from ${customFields} f where f.event_id = ${events.id}
  )`,
  // Without any payment hold there is no expired one for a booking to release first (takeSlot).
  hasHolds: sql<boolean>`exists (
    select 1 from ${bookings} h where h.owner_id = ${events.userId} and h.status = 'pending'
  )`,
};

/**
 * What the booking notifier plans a change's messages from besides the event: whom they are for,
 * whether Google Calendar follows, the active reminder templates and the active webhooks: the event's
 * and the business-wide hooks of the versioned API (docs/PRODUCT.md#public-api).
 */
const notifierColumns = {
  owner: {
    id: users.id,
    email: users.email,
    timeZone: users.timeZone,
    googleAccessToken: users.googleAccessToken,
    googleBrokenAt: users.googleBrokenAt,
    // How long a request waits for the owner's decision (docs/PRODUCT.md#approval).
    approvalHours: users.approvalHours,
  },
  reminders: sql<Array<Pick<typeof emailTemplates.$inferSelect, 'id' | 'reminderTiming'>>>`(
    select coalesce(json_agg(json_build_object('id', t.id, 'reminderTiming', t.reminder_timing)
      order by t.id), '[]'::json)
    from ${emailTemplates} t
    where t.user_id = ${events.userId} and t.template_type = 'reminder' and t.is_active
  )`,
  webhooks: sql<Array<{ id: string; triggers: WebhookTrigger[] }>>`(
    select coalesce(json_agg(json_build_object('id', w.id, 'triggers', w.triggers) order by w.id), '[]'::json)
    from ${eventWebhooks} w
    where (w.event_id = ${events.id} or w.owner_id = ${events.userId}) and w.is_active
  )`,
  // Webhook bodies leave these answers out (docs/PRODUCT.md#sensitive-answers).
  sensitiveFields: customFieldsRepo.sensitiveNamesOf(events.id),
  // Text messages are planned only with a provider connected (docs/PRODUCT.md#text-messages).
  textConnected: sql<boolean>`exists (select 1 from ${messagingConnections} mc where mc.owner_id = ${events.userId})`,
};

function publicEventQuery(db: Db) {
  return db
    .select({
      ...publicEventColumns,
      // A new booking plans its messages from this read (no second one in its transaction).
      ...notifierColumns,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .innerJoin(businessProfiles, eq(businessProfiles.ownerId, events.userId))
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId));
}
const notifierContextById = preparedPerDb((db) =>
  db
    .select({ event: events, ...notifierColumns })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(events.id, sql.placeholder('id')))
    .prepare('notifier_context'),
);
const publicEventById = preparedPerDb((db) =>
  publicEventQuery(db)
    .where(eq(events.id, sql.placeholder('id')))
    .prepare('public_event_by_id'),
);
const publicEventBySlug = preparedPerDb((db) =>
  publicEventQuery(db)
    .where(eq(events.slug, sql.placeholder('slug')))
    .prepare('public_event_by_slug'),
);

export const eventsRepo = {
  /**
   * The first class time still to come of the service that has sold more than `seats` places
   * (docs/PRODUCT.md#classes): what a change to fewer seats would break (migration 0030's counter).
   */
  async classSoldAbove(db: Db, eventId: string, seats: number, now: Date) {
    const [row] = await db
      .select({ startsAt: classSessions.startsAt, seatsTaken: classSessions.seatsTaken })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.eventId, eventId),
          gt(classSessions.startsAt, now),
          gt(classSessions.seatsTaken, seats),
        ),
      )
      .orderBy(classSessions.startsAt)
      .limit(1);
    return row;
  },
  /** The owner's events, newest first, each with its category (one query). */
  async listWithCategory(db: Db, userId: string) {
    return db
      .select({ event: events, category: eventCategories })
      .from(events)
      .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
      .where(eq(events.userId, userId))
      .orderBy(desc(events.createdAt), desc(events.id));
  },
  /** The owner's newest events (dashboard list). */
  latest(db: Db, userId: string, limit: number) {
    return db
      .select()
      .from(events)
      .where(eq(events.userId, userId))
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(limit);
  },
  /** Only what capacity calculations need, for all of the owner's events. */
  schedules(db: Db, userId: string) {
    return db
      .select({
        workingDays: events.workingDays,
        dateRangeType: events.dateRangeType,
        dateRangeStart: events.dateRangeStart,
        dateRangeEnd: events.dateRangeEnd,
        specificDates: events.specificDates,
        dailyPauseTimes: events.dailyPauseTimes,
        durationMinutes: events.durationMinutes,
        bufferBeforeMinutes: events.bufferBeforeMinutes,
        bufferAfterMinutes: events.bufferAfterMinutes,
        agendaIds: events.agendaIds,
        dateOverrides: events.dateOverrides,
      })
      .from(events)
      .where(eq(events.userId, userId));
  },
  async findOwned(db: Db, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.userId, userId)));
    return row;
  },
  /**
   * An event with its owner (for messages about its bookings), with the owner's business name, their
   * default sender name (mailer.ts `senderNameOf`).
   */
  async withOwner(db: Db, id: string) {
    const [row] = await db
      .select({ event: events, owner: users, businessName: businessProfiles.name })
      .from(events)
      .innerJoin(users, eq(users.id, events.userId))
      .leftJoin(businessProfiles, eq(businessProfiles.ownerId, users.id))
      .where(eq(events.id, id));
    return row && { event: row.event, owner: { ...row.owner, businessName: row.businessName } };
  },
  /**
   * What a booking change plans its messages from (booking-notifier.ts), in one read: the event, its
   * owner, the owner's active reminder templates and the event's active webhooks.
   */
  async notifierContext(db: Db, id: string) {
    const [row] = await notifierContextById(db).execute({ id });
    return row;
  },
  /** An event as the public pages see it, with its owner's time zone, category and agendas. */
  async findPublic(db: Db, by: { slug: string } | { id: string }) {
    const [row] =
      'slug' in by
        ? await publicEventBySlug(db).execute({ slug: by.slug })
        : await publicEventById(db).execute({ id: by.id });
    return row;
  },
  /** Slugs equal to base or base-N, to pick a free one. */
  async slugsLike(db: Db, base: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: events.slug })
      .from(events)
      .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)));
    return new Set(rows.map((r) => r.slug));
  },
  async insert(db: Db, values: EventInsert) {
    const [row] = await db.insert(events).values(values).returning();
    return row!;
  },
  async update(db: Db, userId: string, id: string, values: Partial<EventInsert>) {
    const [row] = await db
      .update(events)
      .set(values)
      .where(and(eq(events.id, id), eq(events.userId, userId)))
      .returning();
    return row;
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it was not the owner's. */
  async delete(db: Db, userId: string, id: string) {
    const rows = await db
      .delete(events)
      .where(and(eq(events.id, id), eq(events.userId, userId)))
      .returning();
    return rows[0];
  },
  /** Confirmed bookings per event from a date on, for the occupancy badge (one grouped query). */
  async confirmedCountsFrom(db: Db, eventIds: string[], fromDate: string): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await db
      .select({ eventId: bookings.eventId, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          inArray(bookings.eventId, eventIds),
          eq(bookings.status, 'confirmed'),
          gte(bookings.bookingDate, fromDate),
        ),
      )
      .groupBy(bookings.eventId);
    return new Map(rows.map((r) => [r.eventId, Number(r.n)]));
  },
};

import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BookingActor } from '@contracts/enums';
import { WEBHOOK_PAYLOAD_FIELDS } from '@contracts/notifications';
import type { Db } from '../../db/client';
import {
  agendas,
  bookingHistory,
  bookings,
  customerNotes,
  customers,
  customFields,
  events,
  notifications,
  users,
  type BookingRow,
} from '../../db/schema';
import { bookingsOfCustomer } from '../bookings/bookings.repo';

/** The customer record a privacy request's address belongs to (the database's own rule). */
const recordOf = (ownerId: string, email: string) =>
  sql`${customers.id} = find_customer(${ownerId}::uuid, '', ${email}, null)`;

/** The webhook body's properties that hold the customer; the rest (service, date, status…) stays. */
const CUSTOMER_PROPERTIES = ['customer_name', 'customer_email', 'customer_phone'];
const KEPT_WEBHOOK_PROPERTIES = WEBHOOK_PAYLOAD_FIELDS.filter((f) => !CUSTOMER_PROPERTIES.includes(f));
/** An e-mail's payload keys that hold no personal data (a reminder's start, an owner notice's action). */
const KEPT_EMAIL_PROPERTIES = ['startsAt', 'action'];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The payload with only `keys` kept (answers of custom fields are properties of a webhook body). */
const only = (keys: readonly string[]) => sql`(
  select coalesce(jsonb_object_agg(p.key, p.value), '{}'::jsonb)
  from jsonb_each(${notifications.payload}) p
  where p.key in (${list(keys)}))`;

/** A message's payload without the customer (see `anonymise`). */
const scrubbed = (placeholder: string) => sql`case when ${notifications.channel} = 'webhook'
  then ${only(KEPT_WEBHOOK_PROPERTIES)} || jsonb_build_object(
    'customer_name', ${placeholder}::text, 'customer_email', null, 'customer_phone', null)
  else ${only(KEPT_EMAIL_PROPERTIES)} end`;
const delivered = () => sql`${notifications.status} <> 'pending'`;
/** Only rows that still hold something to clear, so a repeated run writes nothing. */
const changedBy = (placeholder: string) => sql`${notifications.payload} <> ${scrubbed(placeholder)}`;

/** A customer record without personal data: the placeholder name, no contact, tags, consent or block. */
const anonymousCustomer = (placeholder: string, at: Date) => ({
  name: placeholder,
  email: null,
  phone: null,
  birthDate: null,
  tags: [],
  marketingConsent: false,
  marketingConsentAt: null,
  marketingConsentSource: null,
  blockedAt: null,
  blockedReason: null,
  updatedAt: at,
});

export const privacyRepo = {
  /** The customer record of this address with the business's notes on them, or null. */
  async customerRecord(db: Db, ownerId: string, email: string) {
    const [row] = await db.select().from(customers).where(recordOf(ownerId, email));
    if (!row) return null;
    const notes = await db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.customerId, row.id))
      .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id));
    return { row, notes };
  },

  /**
   * The erasure of a customer record: name to the placeholder; address, phone, birth date, tags,
   * consent and block gone; the notes removed. The record stays, so its anonymised bookings still
   * count as one customer in the figures.
   */
  async anonymiseCustomer(tx: Db, ownerId: string, email: string, placeholder: string, at: Date) {
    const [row] = await tx.select({ id: customers.id }).from(customers).where(recordOf(ownerId, email));
    if (!row) return;
    await tx.delete(customerNotes).where(eq(customerNotes.customerId, row.id));
    await tx.update(customers).set(anonymousCustomer(placeholder, at)).where(eq(customers.id, row.id));
  },

  /**
   * Retention for customer records: a record whose every booking is anonymised is anonymised too,
   * and one with no booking left, untouched for longer than the period, is removed. Returns how many
   * records were changed or removed.
   */
  async retireCustomers(db: Db, now: Date, placeholder: string): Promise<number> {
    const anonymised = await db
      .update(customers)
      .set(anonymousCustomer(placeholder, now))
      .from(users)
      .where(
        and(
          eq(users.id, customers.businessId),
          isNotNull(users.retentionMonths),
          sql`${customers.name} <> ${placeholder}`,
          sql`exists (select 1 from ${bookings} b where b.customer_id = ${customers.id})`,
          sql`not exists (select 1 from ${bookings} b where b.customer_id = ${customers.id}
            and not exists (select 1 from ${bookingHistory} h where h.booking_id = b.id and h.kind = 'anonymised'))`,
        ),
      )
      .returning({ id: customers.id });
    if (anonymised.length)
      await db.delete(customerNotes).where(
        inArray(
          customerNotes.customerId,
          anonymised.map((r) => r.id),
        ),
      );
    const removed = await db
      .delete(customers)
      .where(
        and(
          sql`not exists (select 1 from ${bookings} b where b.customer_id = ${customers.id})`,
          sql`exists (select 1 from ${users} u where u.id = ${customers.businessId} and u.retention_months is not null
            and ${customers.updatedAt} < ((${now.toISOString()}::timestamptz at time zone 'UTC')
              - make_interval(months => u.retention_months)) at time zone 'UTC')`,
        ),
      )
      .returning({ id: customers.id });
    return anonymised.length + removed.length;
  },

  /** The owner's bookings of one customer, with service, currency and agenda, by appointment. */
  customerBookings(db: Db, ownerId: string, email: string) {
    return db
      .select({
        booking: bookings,
        service: events.title,
        currency: events.currency,
        agenda: agendas.name,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(agendas, eq(agendas.id, bookings.agendaId))
      .where(and(eq(bookings.ownerId, ownerId), bookingsOfCustomer(ownerId, email)))
      .orderBy(asc(bookings.startsAt), asc(bookings.id));
  },

  /** The fields of these services in the form's order, to list a booking's answers the same way. */
  fieldsOf(db: Db, eventIds: string[]) {
    if (!eventIds.length) return Promise.resolve([]);
    return db
      .select({ eventId: customFields.eventId, fieldName: customFields.fieldName })
      .from(customFields)
      .where(inArray(customFields.eventId, eventIds))
      .orderBy(asc(customFields.order), asc(customFields.id));
  },

  /** The history entries of these bookings, oldest first. */
  historyOf(db: Db, bookingIds: string[]) {
    if (!bookingIds.length) return Promise.resolve([]);
    return db
      .select()
      .from(bookingHistory)
      .where(inArray(bookingHistory.bookingId, bookingIds))
      .orderBy(asc(bookingHistory.at), asc(bookingHistory.seq));
  },

  /**
   * The ids of the owner's bookings of one customer that still hold personal data, locked for the
   * erasure (a booking already anonymised has no address left, so a repeated request finds none).
   */
  async lockCustomerBookings(tx: Db, ownerId: string, email: string): Promise<string[]> {
    const rows = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.ownerId, ownerId), bookingsOfCustomer(ownerId, email)))
      .orderBy(asc(bookings.id))
      .for('update');
    return rows.map((r) => r.id);
  },

  /**
   * Removes the personal data of these bookings of the owner: name to the placeholder, no address,
   * no phone, no answers. Date, service, agenda, amounts and payment ids stay. Messages already
   * delivered (or given up) keep no customer data either: a webhook body keeps its fixed, impersonal
   * properties with the placeholder as name; an e-mail's payload only its start or action. Messages
   * still under way keep theirs until delivered (`scrubDelivered` clears them later). Answers the
   * rows changed, for the history and the calendar.
   */
  async anonymise(
    tx: Db,
    ownerId: string,
    ids: string[],
    placeholder: string,
    at: Date,
  ): Promise<Pick<BookingRow, 'id' | 'googleCalendarEventId'>[]> {
    if (!ids.length) return [];
    const changed = await tx
      .update(bookings)
      .set({
        customerName: placeholder,
        customerEmail: null,
        customerPhone: null,
        customFieldResponses: {},
        updatedAt: at,
      })
      .where(and(eq(bookings.ownerId, ownerId), inArray(bookings.id, ids)))
      .returning({ id: bookings.id, googleCalendarEventId: bookings.googleCalendarEventId });
    await privacyRepo.scrubMessages(tx, ids, placeholder);
    return changed;
  },

  /** Clears the customer from the delivered (sent, failed or skipped) messages of these bookings. */
  async scrubMessages(tx: Db, bookingIds: string[], placeholder: string) {
    if (!bookingIds.length) return;
    await tx
      .update(notifications)
      .set({ payload: scrubbed(placeholder) })
      .where(and(inArray(notifications.bookingId, bookingIds), delivered(), changedBy(placeholder)));
  },

  /**
   * The same for bookings anonymised since `since` whose messages were still under way then (the
   * cancellation an erasure sends, webhooks retried for up to a day): cleared once delivered.
   */
  async scrubRecentlyAnonymised(db: Db, since: Date, placeholder: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ payload: scrubbed(placeholder) })
      .where(
        and(
          delivered(),
          changedBy(placeholder),
          sql`${notifications.bookingId} in (select h.booking_id from ${bookingHistory} h
            where h.kind = 'anonymised' and h.at >= ${since.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** One 'anonymised' history entry per booking. */
  async recordAnonymised(tx: Db, ownerId: string, ids: string[], actor: BookingActor, at: Date) {
    if (!ids.length) return;
    await tx
      .insert(bookingHistory)
      .values(
        ids.map((bookingId) => ({ bookingId, ownerId, kind: 'anonymised' as const, actor, at, details: {} })),
      );
  },

  /**
   * Bookings past their owner's retention period: ended longer than `retention_months` before `now`
   * and not anonymised yet, a batch at a time, grouped by owner.
   */
  async pastRetention(db: Db, now: Date, limit: number): Promise<{ id: string; ownerId: string }[]> {
    const cutoff = sql`((${now.toISOString()}::timestamptz at time zone 'UTC')
      - make_interval(months => ${users.retentionMonths})) at time zone 'UTC'`;
    const rows = await db
      .select({ id: bookings.id, ownerId: users.id })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.ownerId))
      .where(
        and(
          isNotNull(users.retentionMonths),
          // Months counted on the UTC calendar, whatever the session's time zone, so the boundary is
          // exact. The same bound on the start (which comes first) lets the (owner, starts_at) index
          // skip the recent bookings.
          sql`${bookings.endsAt} < ${cutoff}`,
          sql`${bookings.startsAt} < ${cutoff}`,
          sql`not exists (select 1 from ${bookingHistory} h
            where h.booking_id = ${bookings.id} and h.kind = 'anonymised')`,
        ),
      )
      .orderBy(asc(users.id), asc(bookings.id))
      .limit(limit);
    return rows;
  },
};

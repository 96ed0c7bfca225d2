import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomerSort } from '@contracts/enums';
import type { Db } from '../../db/client';
import {
  agendas,
  bookings,
  businessProfiles,
  customerMerges,
  customerNotes,
  customers,
  events,
  notifications,
  users,
  type CustomerRow,
} from '../../db/schema';

/** A customer with the figures computed from their bookings. */
export type CustomerWithFigures = CustomerRow & {
  visits: number;
  noShows: number;
  lastVisitAt: Date | null;
  nextVisitAt: Date | null;
  totalPaidCents: number;
};

/** Which customers a member sees: all of them, or those with a booking in these agendas. */
export type CustomerScope = { all: true } | { all: false; agendaIds: readonly string[] };

export interface CustomerFilter {
  q?: string;
  /** Stored-number forms of `q` (src/core/phone.ts phoneSearchVariants). */
  phoneVariants: readonly string[];
  tag?: string;
  sort: CustomerSort;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const HAYSTACK = sql`(${customers.name} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.phone}, ''))`;

/** The condition on `customers` that keeps a member to their scope; none for every customer. */
export function scoped(scope: CustomerScope): SQL | undefined {
  if (scope.all) return undefined;
  if (!scope.agendaIds.length) return sql`false`;
  return sql`exists (select 1 from ${bookings} where ${bookings.customerId} = ${customers.id}
    and ${inArray(bookings.agendaId, [...scope.agendaIds])})`;
}

/**
 * The figures of one customer , as of `now`: a visit is a confirmed booking
 * that started and was not marked as not shown; total paid is what was paid online minus refunds.
 * It reads the outer query's `customers` row.
 */
export const figures = (now: Date) => sql`
  select
    count(*) filter (where b.status = 'confirmed' and not b.no_show and b.starts_at < ${now})::int as visits,
    count(*) filter (where b.no_show)::int as no_shows,
    max(b.starts_at) filter (where b.status = 'confirmed' and not b.no_show and b.starts_at < ${now}) as last_visit_at,
    min(b.starts_at) filter (where b.status = 'confirmed' and b.starts_at >= ${now}) as next_visit_at,
    coalesce(sum(
      case when b.payment_status in ('paid', 'refunded', 'partially_refunded')
        then round(coalesce(b.amount_paid, e.payment_amount, 0) * 100)
          - case b.payment_status
              when 'refunded' then round(coalesce(b.refund_amount, b.amount_paid, e.payment_amount, 0) * 100)
              when 'partially_refunded' then round(coalesce(b.refund_amount, 0) * 100)
              else 0 end
        else 0 end), 0)::int as total_paid_cents
  from bookings b join events e on e.id = b.event_id
  where b.customer_id = customers.id`;

type RawCustomer = Record<string, unknown>;

function fromRaw(r: RawCustomer): CustomerWithFigures {
  const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: r.id as string,
    businessId: r.business_id as string,
    name: r.name as string,
    email: (r.email as string | null) ?? null,
    emailKey: (r.email_key as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    tags: (r.tags as string[] | null) ?? [],
    birthDate: r.birth_date ? String(r.birth_date).slice(0, 10) : null,
    marketingConsent: Boolean(r.marketing_consent),
    marketingConsentAt: time(r.marketing_consent_at),
    marketingConsentSource: (r.marketing_consent_source as CustomerRow['marketingConsentSource']) ?? null,
    blockedAt: time(r.blocked_at),
    blockedReason: (r.blocked_reason as string | null) ?? null,
    textConsentAt: time(r.text_consent_at),
    createdAt: time(r.created_at)!,
    updatedAt: time(r.updated_at)!,
    visits: Number(r.visits ?? 0),
    noShows: Number(r.no_shows ?? 0),
    lastVisitAt: time(r.last_visit_at),
    nextVisitAt: time(r.next_visit_at),
    totalPaidCents: Number(r.total_paid_cents ?? 0),
  };
}

/** The page's order, on the columns `ordered` (below) gives every candidate row. */
const ORDER: Record<CustomerSort, SQL> = {
  lastVisit: sql`sort_last desc nulls last, sort_name, id`,
  name: sql`sort_name, id`,
  visits: sql`sort_visits desc, sort_name, id`,
};

const VISIT = sql`status = 'confirmed' and not no_show`;

/**
 * Each candidate's visits so far and the last one, what the orders by visits need (by name the name
 * index is walked). The whole list is ordered from one grouped pass over the business's bookings; a
 * search or tag leaves few candidates, whose own bookings are read through the customer index.
 */
const visitsSoFar = (businessId: string, now: Date, narrowed: boolean) =>
  narrowed
    ? sql`left join lateral (select max(starts_at) as last, count(*)::int as n from bookings
        where customer_id = customers.id and ${VISIT} and starts_at < ${now}) v on true`
    : sql`left join (select customer_id, max(starts_at) as last, count(*)::int as n from bookings
        where owner_id = ${businessId} and ${VISIT} and starts_at < ${now}
        group by customer_id) v on v.customer_id = customers.id`;

export const customersRepo = {
  /**
   * One page of the business's customers with their figures. The page is chosen first (searching
   * narrows by the trigram index, by name the name index is walked, by visits one grouped pass over
   * the bookings orders them) and the figures are computed for its rows alone.
   */
  async page(
    db: Db,
    businessId: string,
    scope: CustomerScope,
    f: CustomerFilter,
    /**
     * `after`: the page after this row of the name order (`sort: 'name'`), which an insert never
     * shifts (the versioned API's cursor); the list's own `offset` does not hold under inserts.
     */
    page: { offset: number; limit: number; after?: { sortName: string; id: string } },
    now: Date,
  ): Promise<Array<CustomerWithFigures & { sortName: string }>> {
    const conditions: SQL[] = [sql`customers.business_id = ${businessId}`];
    if (f.q?.includes('@')) {
      // An address is typed from its start: a prefix of the stored one, a range of the byte-order
      // index (U+10FFFF sorts after every character).
      const prefix = f.q.trim().toLowerCase();
      conditions.push(sql`(customers.email_key collate "C") >= ${prefix}
        and (customers.email_key collate "C") < ${`${prefix}\u{10FFFF}`}`);
    } else if (f.q) {
      const patterns = [f.q, ...f.phoneVariants].map((p) => sql`${HAYSTACK} ilike ${likePattern(p)}`);
      conditions.push(sql`(${sql.join(patterns, sql` or `)})`);
    }
    if (f.tag) conditions.push(sql`${f.tag} = any(customers.tags)`);
    if (page.after)
      conditions.push(
        sql`(lower(customers.name), customers.id) > (${page.after.sortName}, ${page.after.id}::uuid)`,
      );
    const scope_ = scoped(scope);
    if (scope_) conditions.push(scope_);
    const where = sql.join(
      conditions.map((c) => sql`(${c})`),
      sql` and `,
    );
    const byVisits = f.sort !== 'name';
    // The inner query is named `customers` so the figures' subquery reads its row.
    const result = (await db.execute(sql`
      select customers.*, f.* from (
        select customers.*, lower(customers.name) as sort_name,
          ${byVisits ? sql`v.last as sort_last, coalesce(v.n, 0) as sort_visits` : sql`null as sort_last, 0 as sort_visits`}
        from customers
        ${byVisits ? visitsSoFar(businessId, now, Boolean(f.q || f.tag)) : sql``}
        where ${where}
        order by ${ORDER[f.sort]}
        limit ${page.limit} offset ${page.offset}
      ) customers
      cross join lateral (${figures(now)}) f
      order by ${ORDER[f.sort]}`)) as unknown as { rows: RawCustomer[] };
    // The database's own lower-cased name: a cursor after it compares as the order does.
    return result.rows.map((r) => ({ ...fromRaw(r), sortName: r.sort_name as string }));
  },

  /** Every tag the business's customers carry, for the list's filter. */
  async tags(db: Db, businessId: string): Promise<string[]> {
    const result = (await db.execute(sql`select distinct unnest(tags) as tag from customers
      where business_id = ${businessId} and tags <> '{}'::text[] order by 1 limit 200`)) as unknown as {
      rows: { tag: string }[];
    };
    return result.rows.map((r) => r.tag);
  },

  async withFigures(db: Db, businessId: string, id: string, now: Date): Promise<CustomerWithFigures | null> {
    const result =
      (await db.execute(sql`select customers.*, f.* from customers cross join lateral (${figures(now)}) f
      where customers.business_id = ${businessId} and customers.id = ${id}`)) as unknown as {
        rows: RawCustomer[];
      };
    return result.rows[0] ? fromRaw(result.rows[0]) : null;
  },

  async find(db: Db, businessId: string, id: string): Promise<CustomerRow | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
    return row ?? null;
  },

  /** Whether the member's scope reaches this customer. */
  async inScope(db: Db, businessId: string, id: string, scope: CustomerScope): Promise<boolean> {
    const condition = scoped(scope);
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id), condition));
    return Boolean(row);
  },

  /** Locks both rows in id order, so two merges of the same pair wait for each other, not deadlock. */
  async lockPair(db: Db, businessId: string, ids: [string, string]): Promise<CustomerRow[]> {
    return db
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), inArray(customers.id, ids)))
      .orderBy(asc(customers.id))
      .for('update');
  },

  /** The other customer with this address (trimmed, any case), if any. */
  async byEmail(db: Db, businessId: string, email: string, exceptId?: string): Promise<CustomerRow | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.businessId, businessId),
          eq(customers.emailKey, email.trim().toLowerCase()),
          exceptId ? sql`${customers.id} <> ${exceptId}` : undefined,
        ),
      );
    return row ?? null;
  },

  /**
   * Whether the customer a public booking with these details would be linked to is blocked, and the
   * business's name for the message. Found by the database's own rule (`find_customer`).
   */
  async blockedFor(
    db: Db,
    businessId: string,
    who: { customerName: string; customerEmail: string | null; customerPhone: string | null },
  ): Promise<{ businessName: string } | null> {
    const [row] = await db
      .select({
        blockedAt: customers.blockedAt,
        // The name the customer knows the business by: its mail's sender name (mailer.ts senderNameOf).
        businessName: sql<string>`coalesce(nullif(${users.emailFromName}, ''), nullif(${businessProfiles.name}, ''), ${users.username})`,
      })
      .from(customers)
      .innerJoin(users, eq(users.id, customers.businessId))
      .leftJoin(businessProfiles, eq(businessProfiles.ownerId, customers.businessId))
      .where(
        eq(
          customers.id,
          sql`find_customer(${businessId}::uuid, ${who.customerName}, ${who.customerEmail}, ${who.customerPhone})`,
        ),
      );
    return row?.blockedAt ? { businessName: row.businessName } : null;
  },

  async insert(db: Db, values: typeof customers.$inferInsert): Promise<CustomerRow> {
    const [row] = await db.insert(customers).values(values).returning();
    return row!;
  },

  async update(
    db: Db,
    businessId: string,
    id: string,
    values: Partial<typeof customers.$inferInsert>,
  ): Promise<CustomerRow | null> {
    const [row] = await db
      .update(customers)
      .set(values)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
      .returning();
    return row ?? null;
  },

  /** Moves every booking and note of `fromId` to `intoId`, records the merge and removes `fromId`. */
  async moveAndRemove(db: Db, businessId: string, fromId: string, intoId: string, at: Date) {
    const moved = await db
      .update(bookings)
      .set({ customerId: intoId })
      .where(eq(bookings.customerId, fromId))
      .returning({ id: bookings.id });
    const notes = await db
      .update(customerNotes)
      .set({ customerId: intoId })
      .where(eq(customerNotes.customerId, fromId))
      .returning({ id: customerNotes.id });
    await db.update(customerMerges).set({ intoId }).where(eq(customerMerges.intoId, fromId));
    await db.insert(customerMerges).values({ fromId, intoId, businessId, at });
    await db.delete(customers).where(and(eq(customers.businessId, businessId), eq(customers.id, fromId)));
    return { bookings: moved.length, notes: notes.length };
  },

  /** Where a customer that is gone was merged into. */
  async mergedInto(db: Db, businessId: string, fromId: string): Promise<string | null> {
    const [row] = await db
      .select({ intoId: customerMerges.intoId })
      .from(customerMerges)
      .where(and(eq(customerMerges.businessId, businessId), eq(customerMerges.fromId, fromId)));
    return row?.intoId ?? null;
  },

  /** The customer's bookings of every service and agenda, newest first. */
  /** The customer gave consent to text messages with a booking at `at` (the latest one is kept). */
  async textConsentGiven(db: Db, customerId: string, at: Date): Promise<void> {
    await db
      .update(customers)
      .set({ textConsentAt: sql`greatest(${customers.textConsentAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(customers.id, customerId));
  },

  async bookingsOf(db: Db, customerId: string) {
    return db
      .select({
        booking: bookings,
        eventTitle: events.title,
        agendaName: agendas.name,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(agendas, eq(agendas.id, bookings.agendaId))
      .where(eq(bookings.customerId, customerId))
      .orderBy(desc(bookings.startsAt), desc(bookings.id));
  },

  /** The e-mails and messages sent (or on their way) to the customer about their bookings. */
  async messagesOf(db: Db, customerId: string) {
    return db
      .select({
        bookingId: notifications.bookingId,
        kind: notifications.kind,
        channel: notifications.channel,
        status: notifications.status,
        sentAt: notifications.sentAt,
        dueAt: notifications.dueAt,
      })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .where(
        and(
          eq(bookings.customerId, customerId),
          eq(notifications.channel, 'email'),
          sql`${notifications.kind} <> 'owner_notice'`,
        ),
      )
      .orderBy(desc(notifications.dueAt))
      .limit(200);
  },
};

import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, bookings, events } from '../../db/schema';
import type { BookingStatus } from '@contracts/enums';

export interface ListFilter {
  status?: BookingStatus;
  eventId?: string;
  agendaId?: string;
  q?: string;
  /** The first and last booking_date, both included. */
  from?: string;
  to?: string;
  /**
   * Only appointments starting in [startsFrom, startsBefore): a period of the business's days as
   * instants. Unlike `from`/`to` this is the keyset index's own column (bookings_owner_starts_idx),
   * so a page of a period reads its own rows only: a date filter beside the order by starts_at makes
   * the planner either walk the index from the owner's first booking or sort the whole period.
   */
  startsFrom?: Date;
  startsBefore?: Date;
  order: 'asc' | 'desc';
  limit: number;
  after?: { startsAt: Date; id: string };
  noShow?: boolean;
  /** The occurrences of one appointment series (docs/PRODUCT.md#series). */
  seriesId?: string;
  /** The bookings of one customer record (the versioned API's filter). */
  customerId?: string;
  /** Only bookings changed at or after this instant (the versioned API's sync). */
  updatedSince?: Date;
  /**
   * The agendas the member sees (booking-viewer.ts `agendaScope`); null or left out: every agenda of
   * the business.
   */
  agendaIds?: readonly string[] | null;
  /** Whether the search may match the customer's e-mail and phone (`customers.contact`). */
  searchContact?: boolean;
}

/** Only the bookings of these agendas; nothing for a member without agendas. */
export function agendaFilter(agendaIds: readonly string[] | null | undefined): SQL | undefined {
  if (!agendaIds) return undefined;
  return agendaIds.length ? inArray(bookings.agendaId, [...agendaIds]) : sql`false`;
}

const columns = {
  booking: bookings,
  eventTitle: events.title,
  durationMinutes: events.durationMinutes,
  currency: events.currency,
};

/** LIKE pattern that matches the text literally (no user-supplied wildcards). */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of `q`: the customer's name, e-mail or phone, or any answer of the booking form. The
 * contact part is the expression of the trigram index bookings_search_trgm_idx. The answers are
 * matched on their values only (not the field names); the jsonb's text, a cheap test, picks the
 * candidates first, except for text that JSON would escape (a quote or backslash).
 */
function matches(q: string, searchContact = true): SQL {
  const pattern = contains(q);
  if (!searchContact) {
    // A member who may not see the contact details cannot find a booking by them either: the name,
    // and the answers that are not the customer's address or number.
    const answer = sql`exists (select 1 from jsonb_each_text(${bookings.customFieldResponses}) a where a.value ilike ${pattern}
      and a.value is distinct from ${bookings.customerEmail} and a.value is distinct from ${bookings.customerPhone})`;
    return sql`(${bookings.customerName} ilike ${pattern} or ${answer})`;
  }
  const contact = sql`(${bookings.customerName} || ' ' || coalesce(${bookings.customerEmail}, '') || ' ' || coalesce(${bookings.customerPhone}, '')) ilike ${pattern}`;
  const answer = sql`exists (select 1 from jsonb_each_text(${bookings.customFieldResponses}) a where a.value ilike ${pattern})`;
  const escapedInJson = /["\\]/.test(q) || [...q].some((c) => c.charCodeAt(0) < 0x20);
  const answers = escapedInJson
    ? answer
    : sql`(${bookings.customFieldResponses}::text ilike ${pattern} and ${answer})`;
  return sql`(${contact} or ${answers})`;
}

/** The list's filters and keyset position (shared by the page and the CSV export). */
function listWhere(userId: string, f: Omit<ListFilter, 'limit'>): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(bookings.ownerId, userId), agendaFilter(f.agendaIds)];
  if (f.status) where.push(eq(bookings.status, f.status));
  if (f.eventId) where.push(eq(bookings.eventId, f.eventId));
  if (f.agendaId) where.push(eq(bookings.agendaId, f.agendaId));
  if (f.from) where.push(gte(bookings.bookingDate, f.from));
  if (f.to) where.push(lte(bookings.bookingDate, f.to));
  if (f.startsFrom) where.push(gte(bookings.startsAt, f.startsFrom));
  if (f.startsBefore) where.push(lt(bookings.startsAt, f.startsBefore));
  if (f.noShow !== undefined) where.push(eq(bookings.noShow, f.noShow));
  if (f.seriesId) where.push(eq(bookings.seriesId, f.seriesId));
  if (f.customerId) where.push(eq(bookings.customerId, f.customerId));
  if (f.updatedSince) where.push(gte(bookings.updatedAt, f.updatedSince));
  if (f.q) where.push(matches(f.q, f.searchContact));
  if (f.after) {
    const { startsAt, id } = f.after;
    where.push(
      f.order === 'desc'
        ? sql`(${bookings.startsAt}, ${bookings.id}) < (${startsAt.toISOString()}::timestamptz, ${id}::uuid)`
        : sql`(${bookings.startsAt}, ${bookings.id}) > (${startsAt.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  return and(...where);
}

/** Appointment time then id, the keyset's order. */
const listOrder = (f: Pick<ListFilter, 'order'>) => {
  const dir = f.order === 'desc' ? desc : asc;
  return [dir(bookings.startsAt), dir(bookings.id)] as const;
};

export const ownerBookingsRepo = {
  /** One page of the owner's bookings, ordered by appointment time then id (keyset pagination). */
  async list(db: Db, userId: string, f: ListFilter) {
    return db
      .select(columns)
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(listWhere(userId, f))
      .orderBy(...listOrder(f))
      .limit(f.limit);
  },

  /**
   * The list's page as the CSV export reads it (docs/PRODUCT.md#csv-export): the same filters and
   * keyset, only the columns the file shows (a full row costs the driver several times as much).
   */
  async exportBatch(db: Db, userId: string, f: ListFilter) {
    return db
      .select({
        id: bookings.id,
        eventId: bookings.eventId,
        startsAt: bookings.startsAt,
        bookingDate: bookings.bookingDate,
        bookingTime: bookings.bookingTime,
        customerName: bookings.customerName,
        customerEmail: bookings.customerEmail,
        customerPhone: bookings.customerPhone,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        amountPaid: bookings.amountPaid,
        amountDue: bookings.amountDue,
        noShow: bookings.noShow,
        createdAt: bookings.createdAt,
        customFieldResponses: bookings.customFieldResponses,
        eventTitle: events.title,
        agendaName: agendas.name,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(agendas, eq(agendas.id, bookings.agendaId))
      .where(listWhere(userId, f))
      .orderBy(...listOrder(f))
      .limit(f.limit);
  },

  /**
   * A booking with its event, only if the event belongs to the owner and, with `agendaIds`, the
   * booking is on one of those agendas (a member's scope).
   */
  async findOwned(db: Db, userId: string, id: string, agendaIds?: readonly string[] | null) {
    const [row] = await db
      .select({ booking: bookings, event: events })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(and(eq(bookings.id, id), eq(events.userId, userId), agendaFilter(agendaIds)));
    return row;
  },

  /**
   * Marks or unmarks a confirmed booking as not shown; undefined when it already was so (or is no
   * longer confirmed), so a repeated or raced mark plans its webhooks once.
   */
  async setNoShow(db: Db, id: string, noShow: boolean, now: Date) {
    const [row] = await db
      .update(bookings)
      .set({ noShow, noShowAt: noShow ? now : null, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed'), ne(bookings.noShow, noShow)))
      .returning();
    return row;
  },
  async delete(db: Db, id: string) {
    await db.delete(bookings).where(eq(bookings.id, id));
  },
};

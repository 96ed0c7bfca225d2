import {
  and,
  arrayOverlaps,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  min,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll, type SelectedFields } from 'drizzle-orm/pg-core';
import type { TakenInterval } from '@core/index';
import type { Db } from '../../db/client';
import { bookings, businessProfiles, events, users, type BookingRow } from '../../db/schema';
import { placeholderRow, preparedByShape, rowShape, rowValues } from '../../db/prepared';
import { changeParts, changeShape, changeValues, type ChangeWrites } from './booking-history.repo';

export type BookingInsert = typeof bookings.$inferInsert;

/**
 * A booking blocks its slot unless it is cancelled or a payment hold that expired at `now`. Expired
 * holds stay in the table until a write releases them, so reads must skip them themselves.
 */
export function blocksSlot(now: Date): SQL {
  return and(
    ne(bookings.status, 'cancelled'),
    or(ne(bookings.status, 'pending'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
  )!;
}

const bookingWithChange = preparedByShape<{
  execute(values: Record<string, unknown>): Promise<BookingRow[]>;
}>('booking_with_change');

/**
 * A customer's bookings with the owner, by the address a privacy request names: those of the
 * customer record it belongs to (a merged record's bookings of another address too), and any
 * booking made with that address (trimmed, any case).
 */
export const bookingsOfCustomer = (ownerId: string, email: string): SQL =>
  sql`(${bookings.customerId} = find_customer(${ownerId}::uuid, '', ${email}, null)
    or lower(trim(${bookings.customerEmail})) = ${email.trim().toLowerCase()})`;

/** The bookings being moved, which must not block themselves: one, or a visit's segments. */
export type Except = string | readonly string[];
const notExcepted = (except: Except | undefined) =>
  except === undefined
    ? undefined
    : typeof except === 'string'
      ? ne(bookings.id, except)
      : except.length
        ? notInArray(bookings.id, [...except])
        : undefined;

/** The predicate of the partial index bookings_extra_agendas_idx, so a query can use it. */
const hasExtraAgendas = sql`${bookings.extraAgendaIds} <> '{}'::uuid[]`;

/** Bookings that occupy one of `agendaIds`: as their agenda, or beside it (a room, extra_agenda_ids). */
export function occupiesAny(agendaIds: readonly string[]): SQL {
  return or(
    inArray(bookings.agendaId, [...agendaIds]),
    and(hasExtraAgendas, arrayOverlaps(bookings.extraAgendaIds, [...agendaIds])),
  )!;
}
/** A class of the service asked about, in one of the agendas asked: its places sold by live bookings. */
export type ClassPlaces = { id: string; agendaId: string; startsAt: number; seatsTaken: number };

async function takenRows(
  db: Db,
  agendaIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  exceptId: Except | undefined,
  classOf?: string,
): Promise<{ taken: Map<string, TakenInterval[]>; sessions: ClassPlaces[] }> {
  const taken = new Map<string, TakenInterval[]>(agendaIds.map((id) => [id, []]));
  const sessions = new Map<string, ClassPlaces>();
  if (!agendaIds.length) return { taken, sessions: [] };
  const live = and(
    blocksSlot(now),
    lt(bookings.blockedFrom, to),
    gt(bookings.blockedTo, from),
    notExcepted(exceptId),
  );
  const own = { from: bookings.blockedFrom, to: bookings.blockedTo };
  // A class service also reads which class each booking holds places of (the rest of the read is
  // the same): the common path of a service of one seat reads no more than it did before classes.
  const tags = (primary: boolean): SelectedFields =>
    classOf
      ? {
          session: bookings.classSessionId,
          eventId: bookings.eventId,
          startsAt: bookings.startsAt,
          seats: bookings.seats,
          primary: sql<boolean>`${primary}::boolean`.as('primary'),
        }
      : {};
  // Two index ranges: bookings in the agendas, and the few that occupy one of them beside their own.
  const rows = (await unionAll(
    db
      .select({ agendaId: bookings.agendaId, ...own, ...tags(true) })
      .from(bookings)
      .where(and(inArray(bookings.agendaId, [...agendaIds]), live)),
    db
      .select({
        agendaId: sql<string>`unnest(${bookings.extraAgendaIds})`.as('agenda_id'),
        ...own,
        ...tags(false),
      })
      .from(bookings)
      .where(and(hasExtraAgendas, arrayOverlaps(bookings.extraAgendaIds, [...agendaIds]), live)),
  )) as Array<{
    agendaId: string;
    from: Date | string;
    to: Date | string;
    primary?: boolean;
    session?: string | null;
    eventId?: string;
    startsAt?: Date | string;
    seats?: number;
  }>;
  for (const r of rows) {
    const interval: TakenInterval = { start: new Date(r.from).getTime(), end: new Date(r.to).getTime() };
    if (r.session) interval.session = r.session;
    taken.get(r.agendaId)?.push(interval);
    if (r.session && r.primary && r.eventId === classOf) {
      const known = sessions.get(r.session);
      if (known) known.seatsTaken += r.seats ?? 1;
      else
        sessions.set(r.session, {
          id: r.session,
          agendaId: r.agendaId,
          startsAt: new Date(r.startsAt!).getTime(),
          seatsTaken: r.seats ?? 1,
        });
    }
  }
  return { taken, sessions: [...sessions.values()] };
}

export const bookingsRepo = {
  /**
   * A new booking written in the same statement as the change that creates it: the change's parts
   * (its history entry, the messages the notifier planned and their jobs; booking-history.repo.ts
   * `changeParts`) are this insert's WITH clause. Atomic on its own, so a booking that needs nothing
   * else needs no transaction (slot-rules.ts `takeSlot`). The entry's and messages' references to
   * the booking are checked at the end of the statement. Every booking asks it, so it is prepared per
   * shape (db/prepared.ts): Drizzle builds its text once, PostgreSQL parses it once per connection.
   * Returns the booking as stored.
   */
  async insertWithChange(tx: Db, booking: BookingInsert, change: ChangeWrites): Promise<BookingRow> {
    const shape = `${rowShape(booking)}|${changeShape(change)}`;
    const statement = bookingWithChange(tx, shape, (db, name) => {
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
   * What occupies each of `agendaIds` in [from, to) at `now`: the blocked ranges (buffers included)
   * of live bookings of any service, except the booking `exceptId` (the one being moved). Every
   * asked agenda has an entry.
   */
  async takenByAgenda(
    db: Db,
    agendaIds: readonly string[],
    from: Date,
    to: Date,
    now: Date,
    exceptId?: Except,
  ): Promise<Map<string, TakenInterval[]>> {
    return (await takenRows(db, agendaIds, from, to, now, exceptId)).taken;
  },
  /**
   * takenByAgenda for a booking of the class service `eventId` (docs/PRODUCT.md#classes): every
   * interval of a class's booking tagged with its class, and this service's classes in the agendas
   * (as their first agenda) with the places their live bookings take, read from the same rows so the
   * places and the occupations agree (an expired hold takes neither).
   */
  async classTakenByAgenda(
    db: Db,
    agendaIds: readonly string[],
    from: Date,
    to: Date,
    now: Date,
    eventId: string,
    exceptId?: Except,
  ) {
    return takenRows(db, agendaIds, from, to, now, exceptId, eventId);
  },
  /** The event's own live bookings' times on `date` (the taken-times answer keeps listing them). */
  async eventTimesOnDate(db: Db, eventId: string, date: string, now: Date) {
    const rows = await db
      .select({ bookingTime: bookings.bookingTime })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.bookingDate, date), blocksSlot(now)));
    return rows.map((r) => r.bookingTime);
  },
  /**
   * When the first of the owner's live payment holds expires after `now` (none: undefined): until
   * then a cached availability answer holds by time (public/availability-cache.ts).
   */
  async nextHoldExpiry(db: Db, ownerId: string, now: Date): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: min(bookings.holdExpiresAt) })
      .from(bookings)
      .where(
        and(eq(bookings.ownerId, ownerId), eq(bookings.status, 'pending'), gt(bookings.holdExpiresAt, now)),
      );
    return row?.at ?? undefined;
  },
  /** Live bookings of one service on `date` (its daily limit), except the booking being moved. */
  async liveOnEventDate(db: Db, eventId: string, date: string, now: Date, exceptId?: Except) {
    const [row] = await db
      .select({ count: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, eventId),
          eq(bookings.bookingDate, date),
          blocksSlot(now),
          notExcepted(exceptId),
        ),
      );
    return Number(row!.count);
  },
  /** Live bookings per date of one service in [from, to] (its daily limit in the month view). */
  async liveCountsByDate(db: Db, eventId: string, from: string, to: string, now: Date) {
    const rows = await db
      .select({ date: bookings.bookingDate, count: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, eventId),
          gte(bookings.bookingDate, from),
          lte(bookings.bookingDate, to),
          blocksSlot(now),
        ),
      )
      .groupBy(bookings.bookingDate);
    return new Map(rows.map((r) => [r.date, Number(r.count)]));
  },
  /** A transaction lock of one service's date, released at commit (the daily limit's guard). */
  async lockEventDay(db: Db, eventId: string, date: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`day:${eventId}:${date}`}, 0))`);
  },
  /** Live bookings per agenda on `date` (as its agenda or beside it): how loaded each is, for spreading "Geen voorkeur". */
  async loadOnDate(db: Db, agendaIds: readonly string[], date: string, now: Date) {
    const rows = await db
      .select({ agendaId: bookings.agendaId, extra: bookings.extraAgendaIds })
      .from(bookings)
      .where(and(occupiesAny(agendaIds), eq(bookings.bookingDate, date), blocksSlot(now)));
    const load = new Map<string, number>();
    for (const r of rows)
      for (const id of [r.agendaId, ...r.extra])
        if (agendaIds.includes(id)) load.set(id, (load.get(id) ?? 0) + 1);
    return load;
  },
  /**
   * Cancels payment holds in the agendas that expired at `now` and whose blocked range overlaps
   * [startsAt, endsAt), so the exclusion constraint lets a new booking take the slot. Their intents are settled later by
   * the reconciliation (hold_expires_at stays set to say so).
   */
  async releaseExpiredHolds(
    db: Db,
    agendaIds: readonly string[],
    startsAt: Date,
    endsAt: Date,
    now: Date,
    exceptId?: Except,
  ) {
    await db
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          occupiesAny(agendaIds),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, now),
          lt(bookings.blockedFrom, endsAt),
          gt(bookings.blockedTo, startsAt),
          notExcepted(exceptId),
        ),
      );
  },
  async insert(db: Db, values: BookingInsert): Promise<BookingRow> {
    const [row] = await db.insert(bookings).values(values).returning();
    return row!;
  },
  async findByTokenHash(db: Db, hash: string): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.managementTokenHash, hash));
    return row;
  },
  /** A booking with its event and the event's owner; undefined once the booking was deleted. */
  /** With the owner's business name, their default sender name (mailer.ts `senderNameOf`). */
  async withEventAndOwner(db: Db, id: string) {
    const [row] = await db
      .select({ booking: bookings, event: events, owner: users, businessName: businessProfiles.name })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .leftJoin(businessProfiles, eq(businessProfiles.ownerId, users.id))
      .where(eq(bookings.id, id));
    return (
      row && {
        booking: row.booking,
        event: row.event,
        owner: { ...row.owner, businessName: row.businessName },
      }
    );
  },
  /**
   * The owner's bookings still to come that are not cancelled (confirmed ones and payment holds),
   * all of them or one customer's (bookingsOfCustomer), locked for the
   * caller's change, soonest first.
   */
  async liveFutureOfOwner(db: Db, ownerId: string, now: Date, customerEmail?: string): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.ownerId, ownerId),
          ne(bookings.status, 'cancelled'),
          gt(bookings.startsAt, now),
          customerEmail === undefined ? undefined : bookingsOfCustomer(ownerId, customerEmail),
        ),
      )
      .orderBy(bookings.startsAt, bookings.id)
      .for('update');
  },
  /**
   * Cancels a booking that is not cancelled yet; undefined when another request cancelled it first
   * (the WHERE decides races, so a refund asked with the cancel is asked once).
   */
  /**
   * The live occurrences of a series (docs/PRODUCT.md#series) in order, from `from` on when given: what
   * its confirmation lists and a change of "deze en alle volgende" reaches.
   */
  async seriesOccurrences(db: Db, seriesId: string, from?: Date): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.seriesId, seriesId),
          ne(bookings.status, 'cancelled'),
          from ? gte(bookings.startsAt, from) : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt));
  },
  async cancelLive(
    db: Db,
    id: string,
    at: Date,
    values: Partial<BookingInsert> = {},
  ): Promise<BookingRow | undefined> {
    const [row] = await db
      .update(bookings)
      .set({ ...values, status: 'cancelled', updatedAt: at })
      .where(and(eq(bookings.id, id), ne(bookings.status, 'cancelled')))
      .returning();
    return row;
  },
  /**
   * The booking's slot as committed, its row locked for the caller's move: the "previous" a move
   * tells (history, webhook, e-mail) is where the booking really was, also when another move of it
   * committed since the caller read it.
   */
  async lockSlot(tx: Db, id: string): Promise<Pick<BookingRow, 'bookingDate' | 'bookingTime' | 'agendaId'>> {
    const [row] = await tx
      .select({
        bookingDate: bookings.bookingDate,
        bookingTime: bookings.bookingTime,
        agendaId: bookings.agendaId,
      })
      .from(bookings)
      .where(eq(bookings.id, id))
      .for('no key update');
    return row!;
  },
  /** `at`: the app's clock, for updated_at. */
  async update(db: Db, id: string, values: Partial<BookingInsert>, at: Date): Promise<BookingRow> {
    const [row] = await db
      .update(bookings)
      .set({ ...values, updatedAt: at })
      .where(eq(bookings.id, id))
      .returning();
    return row!;
  },
};

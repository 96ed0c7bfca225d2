import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocksSlot } from '../bookings/bookings.repo';
import { agendas, bookings, events, eventTemplates, type AgendaRow } from '../../db/schema';

export type AgendaInsert = typeof agendas.$inferInsert;

/** Agendas that are not deleted, of one owner. */
const live = (userId: string) => and(eq(agendas.userId, userId), isNull(agendas.deletedAt));

export const agendasRepo = {
  /** The owner's agendas: the default first, then in the order they were made. */
  async listLive(db: Db, userId: string): Promise<AgendaRow[]> {
    return db
      .select()
      .from(agendas)
      .where(live(userId))
      .orderBy(desc(agendas.isDefault), asc(agendas.createdAt), asc(agendas.id));
  },
  async defaultOf(db: Db, userId: string): Promise<AgendaRow> {
    const [row] = await db
      .select()
      .from(agendas)
      .where(and(eq(agendas.userId, userId), eq(agendas.isDefault, true)));
    return row!;
  },
  /** Which of `ids` are live agendas of the owner (the rest are someone else's, deleted or made up). */
  async liveIdsOf(
    db: Db,
    userId: string,
    ids: readonly string[],
    { lock = false } = {},
  ): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const query = db
      .select({ id: agendas.id })
      .from(agendas)
      .where(and(live(userId), inArray(agendas.id, [...ids])));
    const rows = lock ? await query.for('share') : await query;
    return new Set(rows.map((r) => r.id));
  },
  /** Names of the given agendas (deleted ones included: past bookings keep theirs), by id. */
  async namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: agendas.id, name: agendas.name })
      .from(agendas)
      .where(inArray(agendas.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  async findLive(db: Db, userId: string, id: string): Promise<AgendaRow | undefined> {
    const [row] = await db
      .select()
      .from(agendas)
      .where(and(live(userId), eq(agendas.id, id)));
    return row;
  },
  async countLive(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(agendas).where(live(userId));
    return Number(row?.n ?? 0);
  },
  /** Whether another live agenda of the owner has this name (case and surrounding space ignored). */
  async nameTaken(db: Db, userId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: agendas.id })
      .from(agendas)
      .where(
        and(
          live(userId),
          sql`lower(${agendas.name}) = lower(${name.trim()})`,
          exceptId ? ne(agendas.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  },
  async insert(db: Db, values: AgendaInsert): Promise<AgendaRow> {
    const [row] = await db.insert(agendas).values(values).returning();
    return row!;
  },
  async update(db: Db, id: string, values: Partial<AgendaInsert>): Promise<AgendaRow> {
    const [row] = await db.update(agendas).set(values).where(eq(agendas.id, id)).returning();
    return row!;
  },
  /** Titles of the owner's events that book into the agenda: in their first group or a further one (a room). */
  async eventTitlesUsing(db: Db, userId: string, id: string): Promise<string[]> {
    const rows = await db
      .select({ title: events.title })
      .from(events)
      .where(
        and(
          eq(events.userId, userId),
          or(
            sql`${id}::uuid = any(${events.agendaIds})`,
            // jsonb containment: some group of extra_agenda_groups holds the id.
            sql`${events.extraAgendaGroups} @> jsonb_build_array(jsonb_build_array(${id}::text))`,
          ),
        ),
      )
      .orderBy(asc(events.title));
    return rows.map((r) => r.title);
  },
  /**
   * Live bookings of the agenda that have not started at `now` (an expired payment hold is not
   * live), as their agenda or as an extra one (a room): how many, and the first one's date and time.
   */
  async futureBookings(db: Db, id: string, now: Date) {
    const [row] = await db
      .select({
        count: count(),
        first: sql<string | null>`min(${bookings.bookingDate} || ' ' || ${bookings.bookingTime})`,
      })
      .from(bookings)
      .where(
        and(
          or(eq(bookings.agendaId, id), sql`${id}::uuid = any(${bookings.extraAgendaIds})`),
          gt(bookings.startsAt, now),
          blocksSlot(now),
        ),
      );
    const [date = '', time = ''] = row?.first?.split(' ') ?? [];
    return { count: Number(row?.count ?? 0), date, time };
  },
  /**
   * Marks the agenda deleted (its past bookings keep it) and takes it out of the owner's templates;
   * a template left without agendas gets the default one. Events need no such step: an agenda any of
   * their groups names is not deleted (eventTitlesUsing), and templates have only a first group.
   */
  async markDeleted(db: Db, agenda: AgendaRow, defaultId: string, now: Date) {
    await db.update(agendas).set({ deletedAt: now }).where(eq(agendas.id, agenda.id));
    const rest = sql`array_remove(${eventTemplates.agendaIds}, ${agenda.id}::uuid)`;
    await db
      .update(eventTemplates)
      .set({
        agendaIds: sql`case when cardinality(${rest}) = 0 then array[${defaultId}::uuid] else ${rest} end`,
      })
      .where(
        and(
          eq(eventTemplates.userId, agenda.userId),
          sql`${agenda.id}::uuid = any(${eventTemplates.agendaIds})`,
        ),
      );
  },
  /** Locks the agenda row until the transaction ends, so bookings written meanwhile wait for it. */
  async lock(db: Db, id: string) {
    await db.select({ id: agendas.id }).from(agendas).where(eq(agendas.id, id)).for('update');
  },
};

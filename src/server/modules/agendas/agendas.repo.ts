import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, type AgendaRow } from '../../db/schema';

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
  async liveIdsOf(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: agendas.id })
      .from(agendas)
      .where(and(live(userId), inArray(agendas.id, [...ids])));
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
};

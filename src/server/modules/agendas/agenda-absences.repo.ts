import { and, asc, count, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaAbsences, agendas, type AgendaAbsenceRow } from '../../db/schema';

export type AgendaAbsenceInsert = typeof agendaAbsences.$inferInsert;

export const agendaAbsencesRepo = {
  /** The absences of `agendaIds` that touch the dates [from, to]. */
  async overlapping(db: Db, agendaIds: readonly string[], from: string, to: string) {
    if (!agendaIds.length) return [];
    return db
      .select({
        agendaId: agendaAbsences.agendaId,
        startDate: agendaAbsences.startDate,
        endDate: agendaAbsences.endDate,
        startTime: agendaAbsences.startTime,
        endTime: agendaAbsences.endTime,
      })
      .from(agendaAbsences)
      .where(
        and(
          inArray(agendaAbsences.agendaId, [...agendaIds]),
          lte(agendaAbsences.startDate, to),
          gte(agendaAbsences.endDate, from),
        ),
      );
  },
  /** The agenda's absences that end on or after `from` (current and upcoming), the soonest first. */
  async listOf(db: Db, agendaId: string, from: string): Promise<AgendaAbsenceRow[]> {
    return db
      .select()
      .from(agendaAbsences)
      .where(and(eq(agendaAbsences.agendaId, agendaId), gte(agendaAbsences.endDate, from)))
      .orderBy(asc(agendaAbsences.startDate), asc(agendaAbsences.startTime), asc(agendaAbsences.createdAt));
  },
  /** The absences of the owner's live agendas that touch [from, to], by start. */
  async ofOwner(db: Db, userId: string, from: string, to: string): Promise<AgendaAbsenceRow[]> {
    return db
      .select({ absence: agendaAbsences })
      .from(agendaAbsences)
      .innerJoin(agendas, eq(agendas.id, agendaAbsences.agendaId))
      .where(
        and(
          eq(agendaAbsences.userId, userId),
          isNull(agendas.deletedAt),
          lte(agendaAbsences.startDate, to),
          gte(agendaAbsences.endDate, from),
        ),
      )
      .orderBy(asc(agendaAbsences.startDate), asc(agendaAbsences.startTime))
      .then((rows) => rows.map((r) => r.absence));
  },
  /** How many of the agenda's absences have not ended before `from`. */
  async countCurrent(db: Db, agendaId: string, from: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(agendaAbsences)
      .where(and(eq(agendaAbsences.agendaId, agendaId), gte(agendaAbsences.endDate, from)));
    return Number(row?.n ?? 0);
  },
  async insert(db: Db, values: AgendaAbsenceInsert): Promise<AgendaAbsenceRow> {
    const [row] = await db.insert(agendaAbsences).values(values).returning();
    return row!;
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it is not the agenda's. */
  async delete(db: Db, userId: string, agendaId: string, id: string) {
    const rows = await db
      .delete(agendaAbsences)
      .where(
        and(
          eq(agendaAbsences.id, id),
          eq(agendaAbsences.agendaId, agendaId),
          eq(agendaAbsences.userId, userId),
        ),
      )
      .returning();
    return rows[0];
  },
};

import { and, asc, count, eq, gte, lte, or } from 'drizzle-orm';
import type { Closure } from '@core/index';
import type { Db } from '../../db/client';
import { closures, type ClosureRow } from '../../db/schema';

export type ClosureInsert = typeof closures.$inferInsert;

export const closuresRepo = {
  async list(db: Db, userId: string): Promise<ClosureRow[]> {
    return db
      .select()
      .from(closures)
      .where(eq(closures.userId, userId))
      .orderBy(asc(closures.startDate), asc(closures.createdAt));
  },
  /**
   * The owner's closures that touch the inclusive dates [from, to], as core's rules read them; yearly
   * ones always, since their dates recur (core closureCovers decides per day).
   */
  async overlapping(db: Db, userId: string, from: string, to: string): Promise<Closure[]> {
    return db
      .select({
        startDate: closures.startDate,
        endDate: closures.endDate,
        label: closures.label,
        agendaId: closures.agendaId,
        yearly: closures.yearly,
      })
      .from(closures)
      .where(
        and(
          eq(closures.userId, userId),
          lte(closures.startDate, to),
          or(eq(closures.yearly, true), gte(closures.endDate, from)),
        ),
      );
  },
  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(closures).where(eq(closures.userId, userId));
    return row?.n ?? 0;
  },
  async insert(db: Db, values: ClosureInsert): Promise<ClosureRow> {
    const [row] = await db.insert(closures).values(values).returning();
    return row!;
  },
  async deleteOfAgenda(db: Db, agendaId: string) {
    await db.delete(closures).where(eq(closures.agendaId, agendaId));
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it was not the owner's. */
  async delete(db: Db, userId: string, id: string) {
    const rows = await db
      .delete(closures)
      .where(and(eq(closures.id, id), eq(closures.userId, userId)))
      .returning();
    return rows[0];
  },
};

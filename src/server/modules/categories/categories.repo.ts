import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories } from '../../db/schema';

export const categoriesRepo = {
  list(db: Db, userId: string) {
    return db
      .select()
      .from(eventCategories)
      .where(eq(eventCategories.userId, userId))
      .orderBy(asc(eventCategories.name), asc(eventCategories.id));
  },
  async findOwned(db: Db, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(eventCategories)
      .where(and(eq(eventCategories.id, id), eq(eventCategories.userId, userId)));
    return row;
  },
  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(eventCategories)
      .where(eq(eventCategories.userId, userId));
    return row?.n ?? 0;
  },
  async insert(db: Db, values: typeof eventCategories.$inferInsert) {
    const [row] = await db.insert(eventCategories).values(values).returning();
    return row!;
  },
  async update(db: Db, userId: string, id: string, values: { name: string; color?: string }) {
    const [row] = await db
      .update(eventCategories)
      .set(values)
      .where(and(eq(eventCategories.id, id), eq(eventCategories.userId, userId)))
      .returning();
    return row;
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it was not the owner's. */
  async delete(db: Db, userId: string, id: string) {
    const rows = await db
      .delete(eventCategories)
      .where(and(eq(eventCategories.id, id), eq(eventCategories.userId, userId)))
      .returning();
    return rows[0];
  },
};

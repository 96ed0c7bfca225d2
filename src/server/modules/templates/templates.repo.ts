import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventTemplates } from '../../db/schema';

export type TemplateRow = typeof eventTemplates.$inferSelect;
type TemplateValues = Omit<typeof eventTemplates.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export const templatesRepo = {
  list(db: Db, userId: string) {
    return db
      .select()
      .from(eventTemplates)
      .where(eq(eventTemplates.userId, userId))
      .orderBy(desc(eventTemplates.createdAt), desc(eventTemplates.id));
  },
  async findOwned(db: Db, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(eventTemplates)
      .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)));
    return row;
  },
  async insert(db: Db, userId: string, values: TemplateValues, createdAt: Date) {
    const [row] = await db
      .insert(eventTemplates)
      .values({ ...values, userId, createdAt })
      .returning();
    return row!;
  },
  async update(db: Db, userId: string, id: string, values: TemplateValues) {
    const [row] = await db
      .update(eventTemplates)
      .set(values)
      .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)))
      .returning();
    return row;
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it was not the owner's. */
  async delete(db: Db, userId: string, id: string) {
    const rows = await db
      .delete(eventTemplates)
      .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)))
      .returning();
    return rows[0];
  },
};

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTemplates } from '../../db/schema';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailTemplateValues = Omit<
  typeof emailTemplates.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

export const emailTemplatesRepo = {
  list(db: Db, userId: string) {
    return db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.userId, userId))
      .orderBy(asc(emailTemplates.templateType), asc(emailTemplates.createdAt), asc(emailTemplates.id));
  },
  async findOwned(db: Db, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)));
    return row;
  },
  /** The owner's template of a type: the oldest, as the e-mail templates page shows it first. */
  async firstOfType(
    db: Db,
    userId: string,
    type: EmailTemplateRow['templateType'],
  ): Promise<EmailTemplateRow | undefined> {
    const [row] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.userId, userId), eq(emailTemplates.templateType, type)))
      .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id))
      .limit(1);
    return row;
  },
  async countOfType(db: Db, userId: string, type: EmailTemplateRow['templateType']) {
    return (
      await db
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(and(eq(emailTemplates.userId, userId), eq(emailTemplates.templateType, type)))
    ).length;
  },
  async insertMany(db: Db, userId: string, values: EmailTemplateValues[], at: Date) {
    return db
      .insert(emailTemplates)
      .values(values.map((v) => ({ ...v, userId, createdAt: at, updatedAt: at })))
      .returning();
  },
  async update(db: Db, userId: string, id: string, values: EmailTemplateValues, at: Date) {
    const [row] = await db
      .update(emailTemplates)
      .set({ ...values, updatedAt: at })
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)))
      .returning();
    return row;
  },
  /** Deletes the row and answers it (for the activity entry); undefined when it was not the owner's. */
  async delete(db: Db, userId: string, id: string) {
    const rows = await db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)))
      .returning();
    return rows[0];
  },
};

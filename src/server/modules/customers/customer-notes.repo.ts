import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerNotes, customers, type CustomerNoteRow } from '../../db/schema';
import { scoped, type CustomerScope } from './customers.repo';

export const customerNotesRepo = {
  async list(db: Db, customerId: string): Promise<CustomerNoteRow[]> {
    return db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.customerId, customerId))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  },

  async insert(db: Db, values: typeof customerNotes.$inferInsert): Promise<CustomerNoteRow> {
    const [row] = await db.insert(customerNotes).values(values).returning();
    return row!;
  },

  async find(db: Db, customerId: string, id: string): Promise<CustomerNoteRow | null> {
    const [row] = await db
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.customerId, customerId), eq(customerNotes.id, id)));
    return row ?? null;
  },

  async update(
    db: Db,
    customerId: string,
    id: string,
    values: Partial<typeof customerNotes.$inferInsert>,
  ): Promise<CustomerNoteRow | null> {
    const [row] = await db
      .update(customerNotes)
      .set(values)
      .where(and(eq(customerNotes.customerId, customerId), eq(customerNotes.id, id)))
      .returning();
    return row ?? null;
  },

  async delete(db: Db, customerId: string, id: string): Promise<boolean> {
    const gone = await db
      .delete(customerNotes)
      .where(and(eq(customerNotes.customerId, customerId), eq(customerNotes.id, id)))
      .returning({ id: customerNotes.id });
    return gone.length > 0;
  },

  /** The notes to follow up on this day, with their customer's name, of the customers in scope. */
  async dueOn(db: Db, businessId: string, day: string, scope: CustomerScope) {
    return db
      .select({
        noteId: customerNotes.id,
        customerId: customers.id,
        customerName: customers.name,
        text: customerNotes.text,
        followUpOn: sql<string>`${customerNotes.followUpOn}::text`,
      })
      .from(customerNotes)
      .innerJoin(customers, eq(customers.id, customerNotes.customerId))
      .where(and(eq(customerNotes.businessId, businessId), eq(customerNotes.followUpOn, day), scoped(scope)))
      .orderBy(customers.name)
      .limit(100);
  },
};

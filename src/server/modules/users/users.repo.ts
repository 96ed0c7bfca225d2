import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { setsNothing } from '../../db/sets-nothing';

export const usersRepo = {
  /**
   * Takes the owner's row lock for the rest of the transaction, so that two requests that count the
   * owner's rows before inserting one (the list limits) run one after the other. NO KEY UPDATE does
   * not block the foreign-key checks of the owner's other rows.
   */
  async lockOwner(tx: Db, id: string): Promise<void> {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${id} for no key update`);
  },
  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },
  /** Returns undefined when the (case-insensitive) username is already taken. */
  async insert(db: Db, values: { username: string; email: string | null; createdAt: Date }) {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  },
  async update(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    if (setsNothing(values)) return usersRepo.findById(db, id);
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  },
  /**
   * The provider refused the owner's secret key (revoked or rolled): paid services stop being
   * bookable until the owner saves working keys. Only while that key is still the stored one, so a
   * refusal of an old key that arrives after the owner saved a new one changes nothing.
   */
  async markPaymentKeysBroken(db: Db, id: string, cipher: string, at: Date): Promise<void> {
    await db
      .update(users)
      .set({ paymentKeysBrokenAt: at })
      .where(and(eq(users.id, id), eq(users.stripeSecretKey, cipher), isNull(users.paymentKeysBrokenAt)));
  },
};

import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const sessionsRepo = {
  async insert(
    db: Db,
    values: { id: string; userId: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },
  /** The user of a live session, by the session id's hash. */
  async findUser(db: Db, idHash: string, now: Date) {
    const [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, idHash), gt(sessions.expiresAt, now)));
    return row;
  },
  async extend(db: Db, idHash: string, expiresAt: Date): Promise<void> {
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, idHash));
  },
  async delete(db: Db, idHash: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, idHash));
  },
  async deleteOthersOfUser(db: Db, userId: string, keepIdHash: string): Promise<void> {
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepIdHash)));
  },
  /** Ends every session of the user (a password set through a reset link). */
  async deleteAllOfUser(db: Db, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },
  async deleteExpired(db: Db, now: Date): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },
};

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export const passwordResetRepo = {
  async insert(
    db: Db,
    values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    await db.insert(passwordResetTokens).values(values);
  },

  /** Whether a link is open: known, not used and not expired. */
  async isOpen(db: Db, tokenHash: string, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(open(tokenHash, now));
    return Boolean(row);
  },

  /**
   * Spends an open link and answers its owner; undefined when it was not open. One conditional
   * update: of two requests with the same link, one gets the user.
   */
  async spend(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(open(tokenHash, now))
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  },

  /** Spends every other open link of the user: one new password ends them all. */
  async spendAllOfUser(db: Db, userId: string, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};

const open = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

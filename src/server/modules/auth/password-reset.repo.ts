import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users, type UserRow } from '../../db/schema';

/** At most this many accounts share one e-mail address for a reset request (each gets its own link). */
const MAX_ACCOUNTS_PER_EMAIL = 5;

export const passwordResetRepo = {
  /** The accounts with this e-mail address (case-insensitive). */
  async usersByEmail(db: Db, email: string): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .orderBy(users.createdAt)
      .limit(MAX_ACCOUNTS_PER_EMAIL);
  },

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

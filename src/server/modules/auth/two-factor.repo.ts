import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberRecoveryCodes, members } from '../../db/schema';

/**
 * The SQL of two-step sign-in. Every change that decides something is one conditional statement, so
 * two requests at once cannot both pass: a code's time step is taken once, a recovery code is spent
 * once, and a member is enabled once.
 */
export const twoFactorRepo = {
  /** Stores a new sealed secret for a member who has not enabled two-step sign-in; false when they have. */
  async storeSecret(db: Db, memberId: string, sealedSecret: string): Promise<boolean> {
    const rows = await db
      .update(members)
      .set({ totpSecret: sealedSecret, totpLastStep: null })
      .where(and(eq(members.id, memberId), isNull(members.totpEnabledAt)))
      .returning({ id: members.id });
    return rows.length > 0;
  },

  /** Turns it on with the step of the code that confirmed it (that code is then used); false when already on. */
  async enable(db: Db, memberId: string, at: Date, step: number): Promise<boolean> {
    const rows = await db
      .update(members)
      .set({ totpEnabledAt: at, totpLastStep: step })
      .where(and(eq(members.id, memberId), isNull(members.totpEnabledAt), isNotNull(members.totpSecret)))
      .returning({ id: members.id });
    return rows.length > 0;
  },

  /**
   * Takes a time step for a sign-in: only a step later than the last one taken, so a code signs in
   * once, also when it arrives twice at the same moment. False when the step was not later.
   */
  async takeStep(db: Db, memberId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(members)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(members.id, memberId),
          isNotNull(members.totpEnabledAt),
          or(isNull(members.totpLastStep), lt(members.totpLastStep, step)),
        ),
      )
      .returning({ id: members.id });
    return rows.length > 0;
  },

  /** Replaces every recovery code of the member by these hashes. */
  async replaceRecoveryCodes(db: Db, memberId: string, hashes: readonly string[], at: Date): Promise<void> {
    await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
    await db
      .insert(memberRecoveryCodes)
      .values(hashes.map((codeHash) => ({ memberId, codeHash, createdAt: at })));
  },

  /** Spends an unused recovery code of the member; false when there was none with this hash. */
  async spendRecoveryCode(db: Db, memberId: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(memberRecoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(memberRecoveryCodes.memberId, memberId),
          eq(memberRecoveryCodes.codeHash, codeHash),
          isNull(memberRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: memberRecoveryCodes.id });
    return rows.length > 0;
  },

  /** Turns it off: the secret, its last step and every recovery code go. */
  async disable(db: Db, memberId: string): Promise<void> {
    await db
      .update(members)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(members.id, memberId));
    await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
  },
};

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamInvitations, type TeamInvitationRow } from '../../db/schema';

export type NewInvitation = typeof teamInvitations.$inferInsert;

/** Not accepted and not past its seven days. */
const open = (now: Date) => and(isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now));

export const invitationsRepo = {
  async insert(db: Db, values: NewInvitation): Promise<TeamInvitationRow> {
    const [row] = await db.insert(teamInvitations).values(values).returning();
    return row!;
  },

  /** The open invitations of the business, oldest first. */
  async openOfBusiness(db: Db, businessId: string, now: Date): Promise<TeamInvitationRow[]> {
    return db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.businessId, businessId), open(now)))
      .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  },

  /** An open invitation of the business to this address (case-insensitive). */
  async openForEmail(db: Db, businessId: string, email: string, now: Date) {
    const [row] = await db
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.businessId, businessId),
          sql`lower(${teamInvitations.email}) = lower(${email})`,
          open(now),
        ),
      );
    return row;
  },

  /** An invitation by its token's hash, open or not (the page tells an expired link from an unknown one). */
  async findByTokenHash(db: Db, tokenHash: string): Promise<TeamInvitationRow | undefined> {
    const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash));
    return row;
  },

  /**
   * Spends an open invitation and answers it; undefined when it was not open. One conditional update:
   * of two requests with the same link, one gets the invitation.
   */
  async spend(db: Db, tokenHash: string, now: Date): Promise<TeamInvitationRow | undefined> {
    const [row] = await db
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(teamInvitations.tokenHash, tokenHash), open(now)))
      .returning();
    return row;
  },

  /** Removes an open invitation of the business; the removed row, undefined when there was none. */
  async deleteOpen(db: Db, businessId: string, id: string, now: Date) {
    const [row] = await db
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.businessId, businessId), eq(teamInvitations.id, id), open(now)))
      .returning();
    return row;
  },

  /** Removes the open invitations a member sent (the member is being removed). */
  async deleteOpenSentBy(db: Db, memberId: string, now: Date): Promise<void> {
    await db.delete(teamInvitations).where(and(eq(teamInvitations.invitedBy, memberId), open(now)));
  },
};

import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, memberAgendas, members, sessions, users } from '../../db/schema';

export const sessionsRepo = {
  async insert(
    db: Db,
    values: {
      id: string;
      userId: string;
      memberId: string;
      twoFactorPending?: boolean;
      expiresAt: Date;
      createdAt: Date;
    },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },
  /**
   * The business, the member and the member's live agendas of a live session (or pending sign-in),
   * by the session id's hash: one statement, as before members existed.
   */
  async find(db: Db, idHash: string, now: Date) {
    const [row] = await db
      .select({
        user: users,
        member: members,
        agendaIds: sql<
          string[]
        >`(select coalesce(json_agg(${memberAgendas.agendaId} order by ${agendas.createdAt}, ${agendas.id}), '[]'::json)
          from ${memberAgendas} join ${agendas} on ${agendas.id} = ${memberAgendas.agendaId}
          where ${memberAgendas.memberId} = ${members.id} and ${agendas.deletedAt} is null)`,
        expiresAt: sessions.expiresAt,
        twoFactorPending: sessions.twoFactorPending,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
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
  async deleteOthersOfMember(db: Db, memberId: string, keepIdHash: string): Promise<void> {
    await db.delete(sessions).where(and(eq(sessions.memberId, memberId), ne(sessions.id, keepIdHash)));
  },
  /** Ends every session of the member (a password set through a reset link, a removal). */
  async deleteAllOfMember(db: Db, memberId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.memberId, memberId));
  },
  async deleteExpired(db: Db, now: Date): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },
};

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MemberRole } from '@core/permissions';
import type { Db } from '../../db/client';
import { agendas, memberAgendas, members, type MemberRow } from '../../db/schema';
import { setsNothing } from '../../db/sets-nothing';

export type NewMember = typeof members.$inferInsert;

export const membersRepo = {
  async findById(db: Db, id: string): Promise<MemberRow | undefined> {
    const [row] = await db.select().from(members).where(eq(members.id, id));
    return row;
  },
  /** A member of this business (a member of another business is not found). */
  async findInBusiness(db: Db, businessId: string, id: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(members)
      .where(and(eq(members.businessId, businessId), eq(members.id, id)));
    return row;
  },
  async findByUsername(db: Db, username: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(members)
      .where(sql`lower(${members.username}) = lower(${username})`);
    return row;
  },
  async findByEmailInBusiness(db: Db, businessId: string, email: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(members)
      .where(and(eq(members.businessId, businessId), sql`lower(${members.email}) = lower(${email})`));
    return row;
  },
  /** At most `limit` members with this e-mail address, in any business (a reset link each). */
  async byEmail(db: Db, email: string, limit: number): Promise<MemberRow[]> {
    return db
      .select()
      .from(members)
      .where(sql`lower(${members.email}) = lower(${email})`)
      .orderBy(asc(members.createdAt))
      .limit(limit);
  },
  async eigenaarOf(db: Db, businessId: string): Promise<MemberRow | undefined> {
    const [row] = await db
      .select()
      .from(members)
      .where(and(eq(members.businessId, businessId), eq(members.role, 'eigenaar')));
    return row;
  },
  async listOfBusiness(db: Db, businessId: string): Promise<MemberRow[]> {
    return db
      .select()
      .from(members)
      .where(eq(members.businessId, businessId))
      .orderBy(asc(members.createdAt), asc(members.id));
  },
  /** Returns undefined when the (case-insensitive) username or the address in the business is taken. */
  async insert(db: Db, values: NewMember): Promise<MemberRow | undefined> {
    const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
    return row;
  },
  async update(db: Db, id: string, values: Partial<NewMember>): Promise<MemberRow | undefined> {
    if (setsNothing(values)) return membersRepo.findById(db, id);
    const [row] = await db.update(members).set(values).where(eq(members.id, id)).returning();
    return row;
  },
  async setRole(db: Db, id: string, role: MemberRole): Promise<void> {
    await db.update(members).set({ role }).where(eq(members.id, id));
  },
  async delete(db: Db, id: string): Promise<void> {
    await db.delete(members).where(eq(members.id, id));
  },

  /** The live agendas linked to each member, by member id. */
  async agendaIdsOf(db: Db, memberIds: readonly string[]): Promise<Map<string, string[]>> {
    const byMember = new Map<string, string[]>(memberIds.map((id) => [id, []]));
    if (memberIds.length === 0) return byMember;
    const rows = await db
      .select({ memberId: memberAgendas.memberId, agendaId: memberAgendas.agendaId })
      .from(memberAgendas)
      .innerJoin(agendas, eq(agendas.id, memberAgendas.agendaId))
      .where(and(inArray(memberAgendas.memberId, [...memberIds]), sql`${agendas.deletedAt} is null`))
      .orderBy(asc(agendas.createdAt), asc(agendas.id));
    for (const row of rows) byMember.get(row.memberId)?.push(row.agendaId);
    return byMember;
  },
  /** Replaces the member's linked agendas (the ids were checked to be the business's). */
  async setAgendas(db: Db, memberId: string, agendaIds: readonly string[]): Promise<void> {
    await db.delete(memberAgendas).where(eq(memberAgendas.memberId, memberId));
    if (agendaIds.length > 0)
      await db
        .insert(memberAgendas)
        .values([...new Set(agendaIds)].map((agendaId) => ({ memberId, agendaId })))
        .onConflictDoNothing();
  },
};

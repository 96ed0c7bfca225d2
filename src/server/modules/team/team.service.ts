import { nl } from '@contracts/messages';
import type { TeamEntry, TeamSettingsBody, UpdateMemberBody } from '@contracts/team';
import { updateMemberBody } from '@contracts/team';
import { can, mayManageMember } from '@core/permissions';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import { createLoginThrottle } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';
import { usersRepo } from '../users/users.repo';
import { invitationsRepo } from './invitations.repo';
import { membersRepo } from './members.repo';
import { memberAgendaIds } from './member-agendas';
import { createTeamInvites, type TeamInvitesDeps } from './team-invites';
import { activityRepo, byMember } from '../activity/activity.repo';

/** The members' changes need what the invitations need: the database, the mailer, the clock. */
export type TeamServiceDeps = TeamInvitesDeps;

const m = nl.team;
const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const memberNotFound = () => new AppError('NOT_FOUND', m.memberNotFound);

/**
 * docs/PRODUCT.md#team: the members of a business (inviting them is team-invites.ts). Who may
 * change whom is core/permissions.ts `mayManageMember`; every change writes its activity entry in its own
 * transaction, so a refused or failed change leaves no entry behind.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, now } = deps;
  const throttle = createLoginThrottle(db, now);

  /** The member being changed, or 404 (one of another business is not found either). */
  async function target(tx: Db, businessId: string, id: string): Promise<MemberRow> {
    const row = await membersRepo.findInBusiness(tx, businessId, id);
    if (!row) throw memberNotFound();
    return row;
  }

  return {
    ...createTeamInvites(deps),

    async list({ user, member }: SignedIn): Promise<TeamEntry[]> {
      const at = now();
      // The eigenaar first, then in the order they joined.
      const rows = (await membersRepo.listOfBusiness(db, user.id)).sort(
        (a, b) => Number(b.role === 'eigenaar') - Number(a.role === 'eigenaar'),
      );
      const agendaIds = await membersRepo.agendaIdsOf(
        db,
        rows.map((r) => r.id),
      );
      const invitations = await invitationsRepo.openOfBusiness(db, user.id, at);
      return [
        ...rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          agendaIds: agendaIds.get(row.id) ?? [],
          status: 'active' as const,
          lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
          expiresAt: null,
          isSelf: row.id === member.id,
        })),
        ...invitations.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          agendaIds: row.agendaIds,
          status: 'invited' as const,
          lastLoginAt: null,
          expiresAt: row.expiresAt.toISOString(),
          isSelf: false,
        })),
      ];
    },

    /**
     * Name, role and linked agendas. The eigenaar's role is changed only by handing it over
     * (make-owner); the eigenaar may still rename themselves and choose their agendas. Roles are the
     * eigenaar's to change (`team.roles`).
     */
    async update({ user, member }: SignedIn, id: string, input: UpdateMemberBody): Promise<TeamEntry> {
      const body = updateMemberBody.parse(input);
      return db.transaction(async (tx) => {
        const at = now();
        const row = await target(tx, user.id, id);
        const roleChange = body.role !== undefined && body.role !== row.role;
        if (row.role === 'eigenaar') {
          if (roleChange) throw new AppError('CONFLICT', m.eigenaarFixed, { role: m.eigenaarFixed });
          if (member.id !== row.id) throw forbidden(m.mayNotManage);
        } else {
          if (!mayManageMember(member.role, row.role)) throw forbidden(m.mayNotManage);
          if (roleChange && !can(member.role, 'team.roles')) throw forbidden(m.mayNotGiveRole);
          if (body.role === 'eigenaar') throw badRequest(m.useMakeOwner, { role: m.useMakeOwner });
        }
        const beforeAgendas = (await membersRepo.agendaIdsOf(tx, [row.id])).get(row.id) ?? [];
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (body.name !== undefined && body.name !== row.name) {
          before.name = row.name;
          after.name = body.name;
        }
        if (roleChange) {
          before.role = row.role;
          after.role = body.role;
        }
        let agendaIds = beforeAgendas;
        if (body.agendaIds !== undefined) {
          agendaIds = await memberAgendaIds(tx, user.id, body.agendaIds);
          const same =
            agendaIds.length === beforeAgendas.length && agendaIds.every((a) => beforeAgendas.includes(a));
          if (!same) {
            await membersRepo.setAgendas(tx, row.id, agendaIds);
            agendaIds = (await membersRepo.agendaIdsOf(tx, [row.id])).get(row.id) ?? [];
            before.agendaIds = beforeAgendas;
            after.agendaIds = agendaIds;
          }
        }
        const updated =
          (await membersRepo.update(tx, row.id, {
            ...(after.name !== undefined ? { name: body.name } : {}),
            ...(roleChange ? { role: body.role } : {}),
          })) ?? row;
        if (Object.keys(after).length > 0)
          await activityRepo.record(tx, byMember(member), at, {
            kind: 'team.updated',
            subjectId: row.id,
            subjectName: updated.name,
            before,
            after,
          });
        return {
          id: updated.id,
          name: updated.name,
          email: updated.email,
          role: updated.role,
          agendaIds,
          status: 'active' as const,
          lastLoginAt: updated.lastLoginAt?.toISOString() ?? null,
          expiresAt: null,
          isSelf: updated.id === member.id,
        };
      });
    },

    /**
     * Removes a member: their sessions, reset links and recovery codes go with the row (cascade), so
     * they are signed out at once; open invitations they sent are removed too. Never the eigenaar,
     * never oneself (a beheerder leaving is for another manager or the eigenaar to do).
     */
    async remove({ user, member }: SignedIn, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const at = now();
        const row = await target(tx, user.id, id);
        if (row.role === 'eigenaar') throw new AppError('CONFLICT', m.eigenaarFixed);
        if (row.id === member.id) throw new AppError('CONFLICT', m.notYourself);
        if (!mayManageMember(member.role, row.role)) throw forbidden(m.mayNotManage);
        const agendaIds = (await membersRepo.agendaIdsOf(tx, [row.id])).get(row.id) ?? [];
        await invitationsRepo.deleteOpenSentBy(tx, row.id, at);
        await membersRepo.delete(tx, row.id);
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'team.removed',
          subjectId: row.id,
          subjectName: row.name,
          before: { name: row.name, email: row.email, role: row.role, agendaIds },
        });
      });
    },

    /**
     * Hands the eigenaar's role to another member: the password is asked again and counts for the
     * login lockout (as deleting the account does). One transaction: the old eigenaar becomes
     * beheerder first (one eigenaar per business, members_one_eigenaar_idx), then the target becomes
     * eigenaar, and the business's notice address becomes the new eigenaar's.
     */
    async makeOwner({ user, member }: SignedIn, id: string, password: string): Promise<void> {
      if (member.role !== 'eigenaar') throw new AppError('FORBIDDEN', nl.errors.forbidden);
      if (await throttle.isBlocked(member.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      if (!(await verifyPassword(member.password, password))) {
        await throttle.fail(member.username);
        throw badRequest(m.wrongPassword, { password: m.wrongPassword });
      }
      await db.transaction(async (tx) => {
        const at = now();
        const row = await target(tx, user.id, id);
        if (row.id === member.id) throw new AppError('CONFLICT', m.alreadyOwner);
        await membersRepo.setRole(tx, member.id, 'beheerder');
        await membersRepo.setRole(tx, row.id, 'eigenaar');
        await usersRepo.update(tx, user.id, { email: row.email });
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'team.owner_changed',
          subjectId: row.id,
          subjectName: row.name,
          before: { eigenaar: member.id, eigenaarName: member.name, role: row.role },
          after: { eigenaar: row.id, eigenaarName: row.name, previousEigenaarRole: 'beheerder' },
        });
      });
    },

    async updateSettings({ user, member }: SignedIn, body: TeamSettingsBody) {
      return db.transaction(async (tx) => {
        const updated = await usersRepo.update(tx, user.id, { requireTwoFactor: body.require2fa });
        if (user.requireTwoFactor !== body.require2fa)
          await activityRepo.record(tx, byMember(member), now(), {
            kind: 'team.settings_updated',
            subjectId: user.id,
            before: { require2fa: user.requireTwoFactor },
            after: { require2fa: body.require2fa },
          });
        return { requireTwoFactor: updated?.requireTwoFactor ?? body.require2fa };
      });
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;

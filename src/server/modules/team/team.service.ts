import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import type {
  InviteResponse,
  InviteValues,
  TeamEntry,
  TeamSettingsBody,
  UpdateMemberBody,
} from '@contracts/team';
import { updateMemberBody } from '@contracts/team';
import { can, mayManageMember } from '@core/permissions';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import type { Mailer } from '../../integrations/mail/mailer';
import { randomToken, sha256 } from '../../lib/crypto';
import { activityRepo } from '../activity/activity.repo';
import { byMember } from '../activity/activity-actor';
import { agendasRepo } from '../agendas/agendas.repo';
import { createLoginThrottle } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { usersRepo } from '../users/users.repo';
import { invitationsRepo } from './invitations.repo';
import { membersRepo } from './members.repo';
import { invitationMail, invitationUrl } from './team-mail';

/** How long an invitation link works (docs/PRODUCT.md#team). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface TeamServiceDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const m = nl.team;
const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const memberNotFound = () => new AppError('NOT_FOUND', m.memberNotFound);

/**
 * The linked agendas of a member, checked: each a live agenda of the business (another business's
 * id, a deleted or made-up one answers 400). Share-locked until the transaction ends, as a
 * service's agendas are (agendas/owned-agendas.ts), so a parallel delete cannot slip in between.
 */
export async function memberAgendaIds(tx: Db, businessId: string, ids: readonly string[]): Promise<string[]> {
  const live = await agendasRepo.liveIdsOf(tx, businessId, ids, { lock: true });
  if (ids.some((id) => !live.has(id)))
    throw badRequest(nl.agendas.unknown, { agendaIds: nl.agendas.unknown });
  return [...ids];
}

/**
 * docs/PRODUCT.md#team: the members and invitations of a business. Who may change whom is
 * core/permissions.ts `mayManageMember`; every change writes its activity entry in its own
 * transaction, so a refused or failed change leaves no entry behind.
 */
export function createTeamService({ db, mailer, appUrl, log, now }: TeamServiceDeps) {
  const throttle = createLoginThrottle(db, now);

  /** The member being changed, or 404 (one of another business is not found either). */
  async function target(tx: Db, businessId: string, id: string): Promise<MemberRow> {
    const row = await membersRepo.findInBusiness(tx, businessId, id);
    if (!row) throw memberNotFound();
    return row;
  }

  return {
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
     * A new invitation; one still open to the same address is replaced (its link stops working), so
     * inviting again is how a lost link is sent anew. The mail goes through the business's own mail
     * provider after the commit: a failure there keeps the invitation (`mailSent: false`, the link
     * is in the answer to pass on by hand).
     */
    async invite({ user, member }: SignedIn, body: InviteValues): Promise<InviteResponse> {
      if (!mayManageMember(member.role, body.role)) throw forbidden(m.mayNotGiveRole);
      const token = randomToken();
      const invitation = await db.transaction(async (tx) => {
        const at = now();
        if (await membersRepo.findByEmailInBusiness(tx, user.id, body.email))
          throw new AppError('CONFLICT', m.alreadyMember, { email: m.alreadyMember });
        const agendaIds = await memberAgendaIds(tx, user.id, body.agendaIds);
        const previous = await invitationsRepo.openForEmail(tx, user.id, body.email, at);
        if (previous) await invitationsRepo.deleteOpen(tx, user.id, previous.id, at);
        const row = await invitationsRepo.insert(tx, {
          businessId: user.id,
          email: body.email,
          name: body.name,
          role: body.role,
          agendaIds,
          tokenHash: sha256(token),
          invitedBy: member.id,
          expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
          createdAt: at,
        });
        await activityRepo.record(tx, {
          ...byMember(member),
          at,
          kind: 'team.invited',
          subjectId: row.id,
          subjectName: row.name,
          after: {
            email: row.email,
            role: row.role,
            agendaIds,
            ...(previous ? { replacedInvitation: previous.id } : {}),
          },
        });
        return row;
      });
      const url = invitationUrl(appUrl, token);
      let mailSent = false;
      try {
        const businessName = await businessProfileRepo.nameOf(db, user.id);
        const result = await mailer.send(
          { ...user, businessName },
          invitationMail({
            to: invitation.email,
            name: invitation.name,
            role: invitation.role,
            business: businessName || user.username,
            inviter: member.name,
            url,
          }),
        );
        mailSent = result.delivered;
      } catch (err) {
        log.warn(
          { err, invitationId: invitation.id },
          'team invitation e-mail failed; the link is in the answer',
        );
      }
      return { id: invitation.id, inviteUrl: url, mailSent };
    },

    async revokeInvitation({ user, member }: SignedIn, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const at = now();
        const row = await invitationsRepo.deleteOpen(tx, user.id, id, at);
        if (!row) throw new AppError('NOT_FOUND', m.invitationNotFound);
        // A beheerder cannot undo what only the eigenaar could give.
        if (!mayManageMember(member.role, row.role)) throw forbidden(m.mayNotManage);
        await activityRepo.record(tx, {
          ...byMember(member),
          at,
          kind: 'team.invitation_revoked',
          subjectId: row.id,
          subjectName: row.name,
          before: { email: row.email, role: row.role, agendaIds: row.agendaIds },
        });
      });
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
          await activityRepo.record(tx, {
            ...byMember(member),
            at,
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
        await activityRepo.record(tx, {
          ...byMember(member),
          at,
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
        await activityRepo.record(tx, {
          ...byMember(member),
          at,
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
          await activityRepo.record(tx, {
            ...byMember(member),
            at: now(),
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

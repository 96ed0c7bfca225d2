import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import type { InviteResponse, InviteValues } from '@contracts/team';
import { mayManageMember } from '@core/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import type { Mailer } from '../../integrations/mail/mailer';
import { randomToken, sha256 } from '../../lib/crypto';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { invitationsRepo } from './invitations.repo';
import { memberAgendaIds } from './member-agendas';
import { membersRepo } from './members.repo';
import { invitationMail, invitationUrl } from './team-mail';
import { activityRepo, byMember } from '../activity/activity.repo';

/** How long an invitation link works (docs/PRODUCT.md#team). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface TeamInvitesDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const m = nl.team;
const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** Inviting someone to the team and taking an invitation back (docs/PRODUCT.md#team). */
export function createTeamInvites({ db, mailer, appUrl, log, now }: TeamInvitesDeps) {
  return {
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
        await activityRepo.record(tx, byMember(member), at, {
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
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'team.invitation_revoked',
          subjectId: row.id,
          subjectName: row.name,
          before: { email: row.email, role: row.role, agendaIds: row.agendaIds },
        });
      });
    },
  };
}

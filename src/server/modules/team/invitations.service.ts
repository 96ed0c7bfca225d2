import { nl } from '@contracts/messages';
import type { AcceptInvitationBody, PublicInvitation } from '@contracts/team';
import type { Db } from '../../db/client';
import type { TeamInvitationRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256 } from '../../lib/crypto';
import { agendasRepo } from '../agendas/agendas.repo';
import type { AuthService, NewSession } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { usersRepo } from '../users/users.repo';
import { invitationsRepo } from './invitations.repo';
import { membersRepo } from './members.repo';
import { activityRepo, byMember } from '../activity/activity.repo';

export interface InvitationsDeps {
  db: Db;
  auth: Pick<AuthService, 'startSession'>;
  now: () => Date;
}

const m = nl.team;
const invalid = () => new AppError('NOT_FOUND', m.invitationInvalid);
const expired = () => new AppError('GONE', m.invitationExpired);

/**
 * docs/PRODUCT.md#team: the public side of an invitation link. The token is found by its SHA-256
 * (no comparison of secrets in code); an unknown, revoked or accepted one answers 404, one past its
 * seven days 410. Accepting spends it with one conditional update, so a link makes one member.
 */
export function createInvitationsService({ db, auth, now }: InvitationsDeps) {
  /** Why a link that could not be spent does not work: expired (410) or unknown/used (404). */
  async function refusal(tx: Db, tokenHash: string): Promise<AppError> {
    const row = await invitationsRepo.findByTokenHash(tx, tokenHash);
    return row && !row.acceptedAt && row.expiresAt <= now() ? expired() : invalid();
  }

  async function open(token: string): Promise<TeamInvitationRow> {
    const row = await invitationsRepo.findByTokenHash(db, sha256(token));
    if (!row || row.acceptedAt) throw invalid();
    if (row.expiresAt <= now()) throw expired();
    return row;
  }

  return {
    async show(token: string): Promise<PublicInvitation> {
      const row = await open(token);
      const business = await usersRepo.findById(db, row.businessId);
      if (!business) throw invalid();
      const businessName = (await businessProfileRepo.nameOf(db, row.businessId)) || business.username;
      return { businessName, name: row.name, email: row.email, role: row.role };
    },

    /** Makes the member of an open invitation with register's username and password rules, signed in. */
    async accept(token: string, body: AcceptInvitationBody): Promise<NewSession> {
      const taken = () =>
        new AppError('CONFLICT', nl.errors.usernameTaken, { username: nl.errors.usernameTaken });
      await open(token);
      if (await membersRepo.findByUsername(db, body.username)) throw taken();
      const password = await hashPassword(body.password);
      const tokenHash = sha256(token);
      return db.transaction(async (tx) => {
        const at = now();
        const invitation = await invitationsRepo.spend(tx, tokenHash, at);
        if (!invitation) throw await refusal(tx, tokenHash);
        const business = await usersRepo.findById(tx, invitation.businessId);
        if (!business) throw invalid();
        if (await membersRepo.findByEmailInBusiness(tx, business.id, invitation.email))
          throw new AppError('CONFLICT', m.alreadyMember);
        // The unique username index decides when two sign-ups race for one name.
        const member = await membersRepo.insert(tx, {
          businessId: business.id,
          username: body.username,
          password,
          email: invitation.email,
          name: invitation.name,
          role: invitation.role,
          createdAt: at,
        });
        if (!member) throw taken();
        // Agendas deleted since the invitation fall away; the others are linked.
        const live = await agendasRepo.liveIdsOf(tx, business.id, invitation.agendaIds, { lock: true });
        const agendaIds = invitation.agendaIds.filter((id) => live.has(id));
        await membersRepo.setAgendas(tx, member.id, agendaIds);
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'team.joined',
          subjectId: member.id,
          subjectName: member.name,
          after: { invitation: invitation.id, username: member.username, role: member.role, agendaIds },
        });
        return auth.startSession(business, member, tx);
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;

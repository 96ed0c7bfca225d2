import { z } from 'zod';
import { registerBody } from './auth';
import { emailAddress } from './email-address';
import { INVITABLE_ROLES, MEMBER_ROLES } from './enums';
import type { InvitableRole } from '@core/permissions';
import { nl } from './messages';
import { someChange } from './some-change';

const m = nl.team;

/** How many agendas one member may be linked to (as many as a business may keep). */
const MAX_MEMBER_AGENDAS = 50;

const memberName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameTooLong);

/** The agendas a member sees (a medewerker only these); checked to be the business's live agendas. */
const memberAgendaIds = z
  .array(z.uuid({ error: nl.agendas.unknown }), { error: nl.agendas.unknown })
  .max(MAX_MEMBER_AGENDAS, nl.agendas.unknown)
  .transform((ids) => [...new Set(ids)]);

/** An invitation may give any role but eigenaar (that one is handed over: make-owner). */
const invitableRole = z
  .enum(MEMBER_ROLES, { error: m.roleInvalid })
  .refine((role) => role !== 'eigenaar', m.eigenaarNotInvitable)
  .transform((role) => role as InvitableRole);

/** GET /api/team: the members and the open invitations (status "invited", id = the invitation's). */
export const teamEntry = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  agendaIds: z.array(z.string()),
  status: z.enum(['active', 'invited']),
  /** Members only; null for an invitation and for a member who never signed in. */
  lastLoginAt: z.string().nullable(),
  /** Invitations only: when the link stops working. */
  expiresAt: z.string().nullable().optional(),
  /** The member answering the request. */
  isSelf: z.boolean().optional(),
});
export type TeamEntry = z.infer<typeof teamEntry>;
export const teamList = z.array(teamEntry);

export const inviteBody = z.object({
  email: z.string({ error: m.emailRequired }).trim().min(1, m.emailRequired).pipe(emailAddress),
  name: memberName,
  role: invitableRole,
  agendaIds: memberAgendaIds.optional().transform((ids) => ids ?? []),
});
export type InviteBody = z.input<typeof inviteBody>;
export type InviteValues = z.output<typeof inviteBody>;

/** 201: the link is in the answer too, so it can be passed on by hand when the mail did not go out. */
export const inviteResponse = z.object({
  id: z.string(),
  inviteUrl: z.string(),
  mailSent: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponse>;

export const teamIdParams = z.object({ id: z.uuid({ error: m.memberNotFound }) });
export const invitationIdParams = z.object({ id: z.uuid({ error: m.invitationNotFound }) });

export const updateMemberBody = someChange(
  z
    .object({
      role: z.enum(MEMBER_ROLES, { error: m.roleInvalid }).optional(),
      agendaIds: memberAgendaIds.optional(),
      name: memberName.optional(),
    })
    .strict(),
);
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

export const makeOwnerBody = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200, m.passwordRequired),
});
export type MakeOwnerBody = z.infer<typeof makeOwnerBody>;

export const teamSettingsBody = z.object({ require2fa: z.boolean({ error: m.require2faInvalid }) });
export type TeamSettingsBody = z.infer<typeof teamSettingsBody>;
export const teamSettingsResponse = z.object({ requireTwoFactor: z.boolean() });

/** An invitation link's token: 256 random bits in base64url; anything longer is unknown. */
export const invitationTokenParams = z.object({ token: z.string().max(100) });

/** GET /api/public/invitations/:token: what the invitation page shows. */
export const publicInvitation = z.object({
  businessName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
});
export type PublicInvitation = z.infer<typeof publicInvitation>;

/** The new member's sign-in, with register's rules for the username and password. */
export const acceptInvitationBody = registerBody.pick({ username: true, password: true });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

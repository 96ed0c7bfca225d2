import { z } from 'zod';
import { emailAddressOrEmpty } from './email-address';
import { MEMBER_ACTIONS, MEMBER_ROLES, PAYMENT_KEYS_STATUSES } from './enums';
import { nl } from './messages';
import { someChange } from './some-change';

const v = nl.validation;
export const PASSWORD_MIN = 6;

export const loginBody = z.object({
  username: z
    .string({ error: v.usernameRequired })
    .trim()
    .min(1, v.usernameRequired)
    .max(50, v.usernameTooLong),
  password: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(200, v.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The owner's address at sign-up: optional, '' and null mean none. */
const optionalEmail = emailAddressOrEmpty
  .optional()
  .nullable()
  .transform((s) => (s ? s : null));

export const registerBody = z.object({
  username: z
    .string({ error: v.usernameRequired })
    .trim()
    .min(1, v.usernameRequired)
    .max(50, v.usernameTooLong)
    .regex(/^[\p{L}\p{N}._-]+$/u, v.usernameChars),
  password: z
    .string({ error: v.passwordRequired })
    .min(1, v.passwordRequired)
    .min(PASSWORD_MIN, v.passwordMin)
    .max(200, v.passwordTooLong),
  email: optionalEmail,
});
export type RegisterBody = z.input<typeof registerBody>;

/** A profile change: '' or null removes the address; a missing `email` leaves it as it is. */
export const profileBody = someChange(
  z
    .object({
      email: emailAddressOrEmpty
        .nullable()
        .transform((s) => (s ? s : null))
        .optional(),
    })
    .strict(),
);
export type ProfileBody = z.input<typeof profileBody>;

export const passwordBody = z.object({
  currentPassword: z.string({ error: v.currentPasswordRequired }).min(1, v.currentPasswordRequired).max(200),
  newPassword: z
    .string({ error: v.newPasswordMin })
    .min(PASSWORD_MIN, v.newPasswordMin)
    .max(200, v.passwordTooLong),
});
export type PasswordBody = z.infer<typeof passwordBody>;

/** A forgotten password (docs/PRODUCT.md#password-reset): the username or the account's e-mail address. */
export const passwordResetRequestBody = z.object({
  usernameOrEmail: z
    .string({ error: v.usernameOrEmailRequired })
    .trim()
    .min(1, v.usernameOrEmailRequired)
    .max(254, v.usernameOrEmailTooLong),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

/** The new password of a reset link: the profile's rule (at least 6 characters). */
export const passwordResetBody = passwordBody.pick({ newPassword: true });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** A reset link's token: 256 random bits in base64url (43 characters); anything else is unknown. */
export const passwordResetParams = z.object({ token: z.string().max(100) });

/** The current user as every answer shows it: never a password, hash, token or secret key. */
export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  timeZone: z.string(),
  stripePublicKey: z.string().nullable(),
  stripeSecretKeySet: z.boolean(),
  /** A customer's cancel before the cut-off refunds what was paid online (docs/PRODUCT.md#refunds). */
  autoRefund: z.boolean(),
  /** Months after a booking's end before it is anonymised; null keeps everything (docs/PRODUCT.md#privacy). */
  retentionMonths: z.number().nullable(),
  /** Hours a request waits for the owner's decision before it lapses (docs/PRODUCT.md#approval). */
  approvalHours: z.number(),
  /** The customers' answers go along into the calendar feed and Google Calendar; off by default. */
  calendarShowAnswers: z.boolean(),
  /** Whether paid services can be booked: both keys stored, readable, and not refused by the provider. */
  paymentKeysStatus: z.enum(PAYMENT_KEYS_STATUSES),
  googleConnected: z.boolean(),
  /** Connected, but Google refused the grant (revoked or expired): the owner must connect again. */
  googleBroken: z.boolean(),
  emailProvider: z.enum(['system', 'gmail', 'smtp']),
  createdAt: z.string(),
  /** docs/PRODUCT.md#team: `id`, `username` and `email` are the signed-in member's; the rest the business's. */
  businessId: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The agendas linked to the member (a medewerker sees these only). */
  agendaIds: z.array(z.string()),
  /** What the member's role may do (core/permissions.ts): the web offers exactly these. */
  allowedActions: z.array(z.enum(MEMBER_ACTIONS)),
  twoFactorEnabled: z.boolean(),
  /** The business requires two-step sign-in and the member has not set it up: nothing else until then. */
  twoFactorSetupRequired: z.boolean(),
  /** The business requires two-step sign-in of every member (PATCH /api/team/settings). */
  requireTwoFactor: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const okResponse = z.object({ ok: z.literal(true) });

/** The password was right; `POST /api/login/2fa` with a code completes the sign-in (docs/PRODUCT.md#two-step-sign-in). */
export const twoFactorRequiredResponse = z.object({ twoFactorRequired: z.literal(true) });

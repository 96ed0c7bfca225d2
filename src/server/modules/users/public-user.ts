import type { PublicUser } from '@contracts/auth';
import type { PaymentKeysStatus } from '@contracts/enums';
import { allowedActions } from '@core/permissions';
import type { UserRow } from '../../db/schema';
import type { SignedIn } from '../../http/signed-in';

/**
 * The only way a business and member row leave the server: no password hash, no secrets, only
 * whether they are set. `keys` tells whether the payment keys work (it needs the secret box:
 * `services.paymentKeys`). The member's id, username and e-mail address; the business's settings.
 */
export function toPublicUser(
  { user: row, member }: SignedIn,
  keys: { status(row: UserRow): PaymentKeysStatus },
): PublicUser {
  return {
    id: member.id,
    username: member.username,
    email: member.email,
    timeZone: row.timeZone,
    stripePublicKey: row.stripePublicKey,
    stripeSecretKeySet: Boolean(row.stripeSecretKey),
    autoRefund: row.autoRefund,
    retentionMonths: row.retentionMonths,
    approvalHours: row.approvalHours,
    calendarShowAnswers: row.calendarShowAnswers,
    paymentKeysStatus: keys.status(row),
    googleConnected: Boolean(row.googleAccessToken),
    googleBroken: Boolean(row.googleAccessToken && row.googleBrokenAt),
    emailProvider: row.emailProvider,
    createdAt: member.createdAt.toISOString(),
    businessId: row.id,
    name: member.name,
    role: member.role,
    agendaIds: member.agendaIds,
    allowedActions: allowedActions(member.role),
    twoFactorEnabled: Boolean(member.totpEnabledAt),
    twoFactorSetupRequired: row.requireTwoFactor && !member.totpEnabledAt,
    requireTwoFactor: row.requireTwoFactor,
  };
}

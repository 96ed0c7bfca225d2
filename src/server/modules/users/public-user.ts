import type { PublicUser } from '@contracts/auth';
import type { PaymentKeysStatus } from '@contracts/enums';
import type { UserRow } from '../../db/schema';

/**
 * The only way a user row leaves the server: no password hash, no secrets, only whether they are set.
 * `keys` tells whether the payment keys work (it needs the secret box: `services.paymentKeys`).
 */
export function toPublicUser(row: UserRow, keys: { status(row: UserRow): PaymentKeysStatus }): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    timeZone: row.timeZone,
    stripePublicKey: row.stripePublicKey,
    stripeSecretKeySet: Boolean(row.stripeSecretKey),
    autoRefund: row.autoRefund,
    retentionMonths: row.retentionMonths,
    calendarShowAnswers: row.calendarShowAnswers,
    paymentKeysStatus: keys.status(row),
    googleConnected: Boolean(row.googleAccessToken),
    googleBroken: Boolean(row.googleAccessToken && row.googleBrokenAt),
    emailProvider: row.emailProvider,
    createdAt: row.createdAt.toISOString(),
  };
}

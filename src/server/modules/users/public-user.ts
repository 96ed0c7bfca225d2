import type { PublicUser } from '@contracts/auth';
import type { UserRow } from '../../db/schema';

/** The only way a user row leaves the server: no password hash, no secrets, only whether they are set. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    timeZone: row.timeZone,
    stripePublicKey: row.stripePublicKey,
    stripeSecretKeySet: Boolean(row.stripeSecretKey),
    googleConnected: Boolean(row.googleAccessToken),
    googleBroken: Boolean(row.googleAccessToken && row.googleBrokenAt),
    emailProvider: row.emailProvider,
    createdAt: row.createdAt.toISOString(),
  };
}

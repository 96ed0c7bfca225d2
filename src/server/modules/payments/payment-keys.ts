import { nl } from '@contracts/messages';
import type { PaymentKeysStatus } from '@contracts/enums';
import { keyMode } from '@contracts/settings';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import { PaymentProviderError, type PaymentGateway } from '../../integrations/stripe/stripe-gateway';

const m = nl.paymentKeys;

type KeyColumns = Pick<UserRow, 'stripePublicKey' | 'stripeSecretKey' | 'paymentKeysBrokenAt'>;

/** The stored secret key in plain text, or null when there is none or it was sealed under another APP_SECRET. */
export function openSecret(cipher: string | null, box: SecretBox): string | null {
  if (!cipher) return null;
  try {
    return box.decrypt(cipher);
  } catch {
    return null;
  }
}

/**
 * Whether a service that requires payment can be booked (docs/PRODUCT.md#payments): both keys
 * stored, the secret one readable, and the provider has not refused it since it was saved.
 */
export function paymentKeysStatus(row: KeyColumns, box: SecretBox): PaymentKeysStatus {
  if (!row.stripePublicKey || !openSecret(row.stripeSecretKey, box)) return 'missing';
  return row.paymentKeysBrokenAt ? 'broken' : 'ok';
}

/**
 * The keys a save would leave stored, checked before anything is written: the secret key must open
 * the account at the provider, and a publishable key must be of the same mode (test or live).
 * Answers whether a secret key was proven to work (then the broken mark may be cleared).
 */
export async function verifyPaymentKeys(
  gateway: PaymentGateway,
  keys: { publicKey: string | null; secretKey: string | null },
): Promise<{ verified: boolean }> {
  const { publicKey, secretKey } = keys;
  if (publicKey && secretKey && keyMode(publicKey) !== keyMode(secretKey))
    throw badRequest(m.modeMismatch, { stripePublicKey: m.modeMismatch });
  if (!secretKey) return { verified: false };
  try {
    await gateway.account(secretKey).verify();
  } catch (err) {
    if (err instanceof PaymentProviderError && (err.kind === 'auth' || err.kind === 'not_found'))
      throw badRequest(m.secretRefused, { stripeSecretKey: m.secretRefused });
    // Not checked is not accepted: a key stored unchecked could fail a customer at the last step.
    throw new AppError('PAYMENT_FAILED', m.unverifiable);
  }
  return { verified: true };
}

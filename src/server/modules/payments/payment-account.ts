import { nl } from '@contracts/messages';
import { parseAmountToCents } from '@core/index';
import type { Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/crypto';
import {
  PaymentProviderError,
  type PaymentAccount,
  type PaymentGateway,
} from '../../integrations/stripe/stripe-gateway';
import { usersRepo } from '../users/users.repo';
import { openSecret, paymentKeysStatus } from './payment-keys';

const m = nl.payments;

/** Provider failures are the provider's or the owner's problem, never a broken request: 422, not 5xx. */
export function paymentError(err: unknown, fallback: string = m.providerRefused): AppError {
  if (!(err instanceof PaymentProviderError))
    return err instanceof AppError ? err : new AppError('PAYMENT_FAILED', fallback);
  // The owner's key was refused (and is now marked broken): online booking waits for new keys.
  if (err.kind === 'auth') return new AppError('PAYMENTS_UNAVAILABLE', nl.bookingUnavailable.title);
  if (err.kind === 'not_found') return new AppError('PAYMENT_FAILED', m.intentNotFound);
  if (err.kind === 'unavailable') return new AppError('PAYMENT_FAILED', m.providerUnavailable);
  return new AppError('PAYMENT_FAILED', fallback);
}

/** Runs one provider call, turning its failure into the Dutch 422 above. */
export async function provider<T>(work: () => Promise<T>, fallback?: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw paymentError(err, fallback);
  }
}

/** The event's price in cents, computed on the server from the event only. */
export function amountInCents(event: EventRow): number {
  const cents = event.paymentAmount === null ? null : parseAmountToCents(event.paymentAmount);
  if (!cents) throw new AppError('PAYMENT_FAILED', m.notAvailable);
  return cents;
}

/**
 * Every call of the account, with one addition: a refusal of the key itself (revoked or rolled in
 * the owner's dashboard) marks the owner's keys broken, so their paid services stop being bookable
 * before a customer reaches the payment step (docs/PRODUCT.md#payments).
 */
function watchedAccount(account: PaymentAccount, onAuthFailure: () => Promise<void>): PaymentAccount {
  const watched: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(account) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    watched[name] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (err) {
        if (err instanceof PaymentProviderError && err.kind === 'auth') await onAuthFailure();
        throw err;
      }
    };
  }
  return watched as unknown as PaymentAccount;
}

/** Opens the owner's own payment account with their decrypted secret key. */
export function ownerAccounts(db: Db, gateway: PaymentGateway, box: SecretBox, now: () => Date) {
  return {
    /** With the owner's id, a refusal of the key marks that owner's keys broken. */
    fromCipher(secretKey: string | null, ownerId?: string | null): PaymentAccount | null {
      const plain = openSecret(secretKey, box); // null: stored under another APP_SECRET, enter it again
      if (!plain || !secretKey) return null;
      const account = gateway.account(plain);
      if (!ownerId) return account;
      return watchedAccount(account, () => usersRepo.markPaymentKeysBroken(db, ownerId, secretKey, now()));
    },
    /**
     * The owner's account; new payments also need the public key for the payment form and keys the
     * provider has not refused, while settling a payment already made needs only the secret key.
     */
    async ofOwner(userId: string, use: 'new-payment' | 'settle' = 'new-payment') {
      const user = await usersRepo.findById(db, userId);
      const account = this.fromCipher(user?.stripeSecretKey ?? null, userId);
      const publicKey = user?.stripePublicKey ?? null;
      if (use === 'new-payment' && (!user || paymentKeysStatus(user, box) !== 'ok'))
        throw new AppError('PAYMENTS_UNAVAILABLE', nl.bookingUnavailable.title);
      if (!account) throw new AppError('PAYMENT_FAILED', m.notAvailable);
      return { account, publicKey: publicKey ?? '' };
    },
  };
}
export type OwnerAccounts = ReturnType<typeof ownerAccounts>;

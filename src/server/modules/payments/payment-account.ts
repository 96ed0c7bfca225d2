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

const m = nl.payments;

/** Provider failures are the provider's or the owner's problem, never a broken request: 422, not 5xx. */
export function paymentError(err: unknown, fallback: string = m.providerRefused): AppError {
  if (!(err instanceof PaymentProviderError))
    return err instanceof AppError ? err : new AppError('PAYMENT_FAILED', fallback);
  if (err.kind === 'auth') return new AppError('PAYMENT_FAILED', m.notAvailable);
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

/** Opens the owner's own payment account with their decrypted secret key. */
export function ownerAccounts(db: Db, gateway: PaymentGateway, box: SecretBox) {
  return {
    fromCipher(secretKey: string | null): PaymentAccount | null {
      if (!secretKey) return null;
      try {
        return gateway.account(box.decrypt(secretKey));
      } catch {
        return null; // stored under another APP_SECRET: the owner has to enter the key again
      }
    },
    /**
     * The owner's account; new payments also need the public key for the payment form, while
     * settling a payment already made needs only the secret key.
     */
    async ofOwner(userId: string, use: 'new-payment' | 'settle' = 'new-payment') {
      const user = await usersRepo.findById(db, userId);
      const account = this.fromCipher(user?.stripeSecretKey ?? null);
      const publicKey = user?.stripePublicKey ?? null;
      if (!account || (use === 'new-payment' && !publicKey))
        throw new AppError('PAYMENT_FAILED', m.notAvailable);
      return { account, publicKey: publicKey ?? '' };
    },
  };
}
export type OwnerAccounts = ReturnType<typeof ownerAccounts>;

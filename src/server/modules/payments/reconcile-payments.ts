import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/stripe/stripe-gateway';
import type { OwnerAccounts } from './payment-account';
import type { Settlement } from './paid-settlement';
import { paymentsRepo } from './payments.repo';
import { createIntentSettler, type IntentAtProvider, type ReconcileReport } from './settle-from-intent';

export type { ReconcileReport };

/** Rows looked at per run; the rest waits for the next minute. */
const BATCH = 200;

/** A run that has done nothing yet. */
export const emptyReport = (): ReconcileReport => ({
  confirmed: 0,
  paid: 0,
  released: 0,
  cancelledIntents: 0,
  refunded: 0,
  failed: 0,
  errors: 0,
});

export interface ReconcileDeps {
  db: Db;
  accounts: OwnerAccounts;
  settlement: Settlement;
  log: FastifyBaseLogger;
}

/**
 * Brings bookings in line with their payments, for everything the browser never reported: meant to
 * run every minute (docs/architecture/payments.md). Each step is conditional in SQL and idempotent at the
 * provider, so overlapping runs, several instances, the provider's webhook events and a customer's
 * own confirm may interleave; the decision per row is the one the webhook uses (`settle-from-intent.ts`).
 */
export function createReconciler({ db, accounts, settlement, log }: ReconcileDeps) {
  const settler = createIntentSettler({ db, settlement, log });

  async function reconcileRow(row: BookingRow, secretKey: string | null, now: Date, report: ReconcileReport) {
    const account = accounts.fromCipher(secretKey, row.ownerId);
    let found: IntentAtProvider = null;
    if (account) {
      try {
        found = { account, intent: await account.retrieveIntent(row.stripePaymentIntentId!) };
      } catch (err) {
        // Not found or refused: the key was replaced or the intent removed, nothing left to settle there.
        if (!(err instanceof PaymentProviderError) || err.kind === 'unavailable') throw err;
      }
    }
    await settler.settleRow(row, found, now, report);
  }

  return async function reconcilePayments(now: Date): Promise<ReconcileReport> {
    const report = emptyReport();
    report.released += await paymentsRepo.releaseOrphanHolds(db, now);
    for (const { booking, secretKey } of await paymentsRepo.unsettled(db, BATCH)) {
      try {
        await reconcileRow(booking, secretKey, now, report);
      } catch (err) {
        report.errors++;
        log.warn(
          { err, bookingId: booking.id },
          'payment reconciliation of a booking failed; retried next run',
        );
      }
    }
    return report;
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  PaymentProviderError,
  type PaymentAccount,
  type PaymentIntentInfo,
} from '../../integrations/stripe/stripe-gateway';
import type { OwnerAccounts } from './payment-account';
import type { Settlement } from './paid-settlement';
import { paymentsRepo } from './payments.repo';

/** Rows looked at per run; the rest waits for the next minute. */
const BATCH = 200;

export interface ReconcileReport {
  /** Holds whose payment went through without the customer coming back. */
  confirmed: number;
  /** Confirmed bookings whose processing payment has now succeeded. */
  paid: number;
  /** Expired holds whose slot was given back. */
  released: number;
  /** Intents of released holds cancelled at the provider. */
  cancelledIntents: number;
  /** Payments that lost their slot and were refunded. */
  refunded: number;
  /** Processing payments that failed in the end: their booking is cancelled. */
  failed: number;
  /** Rows skipped because the provider could not be asked; retried next run. */
  errors: number;
}

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

const paidOrPaying = (i: PaymentIntentInfo) => i.status === 'succeeded' || i.status === 'processing';

/**
 * Brings bookings in line with their payments, for everything the browser never reported: meant to
 * run every minute (docs/ARCHITECTURE.md#paid-bookings). Each step is conditional in SQL and idempotent at the
 * provider, so overlapping runs, several instances and a customer's own confirm may interleave.
 */
export function createReconciler({ db, accounts, settlement, log }: ReconcileDeps) {
  async function settlePaid(
    row: BookingRow,
    intent: PaymentIntentInfo,
    account: PaymentAccount,
    report: ReconcileReport,
  ) {
    try {
      if ((await settlement.settle(row, intent, account)).confirmedNow) report.confirmed++;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'PAYMENT_REFUNDED')) throw err;
      report.refunded++;
    }
  }

  /** A released hold: its intent must not stay payable. */
  async function settleReleased(
    row: BookingRow,
    intent: PaymentIntentInfo,
    account: PaymentAccount,
    now: Date,
    report: ReconcileReport,
  ) {
    if (intent.status === 'processing') return; // wait: it may still succeed (then refund) or fail
    if (intent.status !== 'canceled') {
      await account.cancelIntent(intent.id, `cancel-${intent.id}`);
      report.cancelledIntents++;
    }
    await paymentsRepo.closeHold(db, row.id, now);
  }

  async function reconcileRow(row: BookingRow, secretKey: string | null, now: Date, report: ReconcileReport) {
    const intentId = row.stripePaymentIntentId!;
    const expired = row.holdExpiresAt !== null && row.holdExpiresAt.getTime() <= now.getTime();
    const account = accounts.fromCipher(secretKey);
    let intent: PaymentIntentInfo | null = null;
    let gone = !account;
    if (account) {
      try {
        intent = await account.retrieveIntent(intentId);
      } catch (err) {
        if (!(err instanceof PaymentProviderError) || err.kind === 'unavailable') throw err;
        gone = true; // the key was replaced or the intent removed: nothing left to settle there
      }
    }

    if (row.status === 'pending') {
      if (account && intent && paidOrPaying(intent)) return settlePaid(row, intent, account, report);
      if (!expired) return;
      await paymentsRepo.releaseHold(db, row.id, now);
      report.released++;
      row = { ...row, status: 'cancelled' };
    }
    if (row.status === 'confirmed') {
      if (intent?.status === 'succeeded' && (await paymentsRepo.markPaid(db, row.id, now))) report.paid++;
      if (intent?.status === 'canceled' || intent?.status === 'requires_payment_method') {
        log.warn({ bookingId: row.id, intent: intentId }, 'processing payment failed; booking cancelled');
        await paymentsRepo.closeHold(db, row.id, now);
        report.failed++;
      }
      return;
    }
    if (gone) return paymentsRepo.closeHold(db, row.id, now);
    if (account && intent) {
      if (intent.status === 'succeeded') return settlePaid(row, intent, account, report);
      await settleReleased(row, intent, account, now, report);
    }
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

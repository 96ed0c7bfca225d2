import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PaymentAccount, PaymentIntentInfo } from '../../integrations/stripe/stripe-gateway';
import type { Settlement } from './paid-settlement';
import { paymentsRepo } from './payments.repo';

/** What a reconciliation run (or one webhook's settling) did, counted per outcome. */
export interface ReconcileReport {
  /** Holds whose payment went through without the customer coming back. */
  confirmed: number;
  /** Confirmed bookings whose processing payment has now succeeded. */
  paid: number;
  /** Holds whose slot was given back: expired, or their bank payment failed. */
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

export interface IntentSettlerDeps {
  db: Db;
  settlement: Settlement;
  log: FastifyBaseLogger;
}

/** The owner's account and the intent as the provider answers it now; null when there is nothing left there. */
export type IntentAtProvider = { account: PaymentAccount; intent: PaymentIntentInfo } | null;

const paidOrPaying = (i: PaymentIntentInfo) => i.status === 'succeeded' || i.status === 'processing';

/**
 * A payment attempt that is over without money: the intent was cancelled, or a bank (redirect)
 * payment failed or was cancelled at the bank. The customer of a bank payment has left our page, and
 * their way back ends on the failure page, so the hold has nothing left to wait for. A declined card
 * is not over: that customer is still on the payment step and may try another card until the hold
 * expires.
 */
export function attemptFailed(intent: PaymentIntentInfo): boolean {
  if (intent.status === 'canceled') return true;
  const methodType = intent.lastPaymentError?.methodType;
  return intent.status === 'requires_payment_method' && !!methodType && methodType !== 'card';
}

/**
 * Whether a row's payment is still to be settled: the same rows the reconciliation scans
 * (`paymentsRepo.unsettled`). A settled row (paid, or cancelled for good) is never changed by news
 * about its intent.
 */
export function isUnsettled(row: BookingRow): boolean {
  return (
    row.paymentStatus === 'pending' &&
    row.stripePaymentIntentId !== null &&
    (row.status !== 'cancelled' || row.holdExpiresAt !== null)
  );
}

/**
 * The one decision how a booking follows its payment's state at the provider, shared by the
 * once-a-minute reconciliation and the provider's webhook events, so whichever comes first (or both,
 * or the customer's own return) ends on the same booking: confirm a paid or processing hold (paid or
 * payment pending), mark a processing payment paid, release a hold that expired or whose bank payment
 * failed, cancel the intent of a released hold, refund a payment that lost its slot, cancel a booking
 * whose processing payment failed in the end. Every step is a conditional update or an idempotent
 * provider call.
 */
export function createIntentSettler({ db, settlement, log }: IntentSettlerDeps) {
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

  /** Settles one unsettled row (see `isUnsettled`) from its intent's state at the provider. */
  async function settleRow(row: BookingRow, found: IntentAtProvider, now: Date, report: ReconcileReport) {
    const intent = found?.intent ?? null;
    const expired = row.holdExpiresAt !== null && row.holdExpiresAt.getTime() <= now.getTime();

    if (row.status === 'pending') {
      if (found && paidOrPaying(found.intent)) return settlePaid(row, found.intent, found.account, report);
      if (!expired && !(intent && attemptFailed(intent))) return;
      await paymentsRepo.releaseHold(db, row.id, now);
      report.released++;
      row = { ...row, status: 'cancelled' };
    }
    if (row.status === 'confirmed') {
      if (intent?.status === 'succeeded' && (await settlement.markPaid(row.id))) report.paid++;
      if (intent?.status === 'canceled' || intent?.status === 'requires_payment_method') {
        log.warn({ bookingId: row.id, intent: intent.id }, 'processing payment failed; booking cancelled');
        await paymentsRepo.closeHold(db, row.id, now);
        report.failed++;
      }
      return;
    }
    if (!found) return paymentsRepo.closeHold(db, row.id, now);
    if (found.intent.status === 'succeeded') return settlePaid(row, found.intent, found.account, report);
    await settleReleased(row, found.intent, found.account, now, report);
  }

  return { settleRow };
}
export type IntentSettler = ReturnType<typeof createIntentSettler>;

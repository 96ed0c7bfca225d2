import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import { amountToCentsRounded, centsToAmount } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/stripe/stripe-gateway';
import type { OwnerAccounts } from './payment-account';
import { OPEN_REFUND, refundsRepo } from './refunds.repo';
import { activityRepo, bySystem, type ActivityBy } from '../activity/activity.repo';

const reasons = nl.refunds.reasons;

/** Refunds still to reach the provider, looked at per run; the rest waits for the next minute. */
const BATCH = 100;
/** A refund asked this recently is still in its cancel request's hands (SDK timeout and retries). */
const IN_FLIGHT_MS = 60_000;

/**
 * Money was received online for this booking through an intent (its own, or for a paid series'
 * later occurrence the first one's), so there is something to give back.
 */
export const refundable = (row: BookingRow) =>
  row.paymentStatus === 'paid' && (row.stripePaymentIntentId !== null || row.paidById !== null);

/**
 * An occurrence of a series paid in one payment (docs/PRODUCT.md#series): its refund is its own share
 * of the intent, never the whole. A booking paid online alone never has a series.
 */
const isShare = (row: BookingRow) => row.seriesId !== null;

/**
 * The one idempotency key of a refund of an intent, shared with the lost-slot refund of the
 * settlement (paid-settlement.ts): whoever asks, the provider refunds an intent at most once.
 */
export const refundKey = (intentId: string) => `refund-${intentId}`;

/**
 * A retry after a refusal needs a key of its own: the provider stores a refusal under its key and
 * replays it for a day. Asking twice cannot refund twice either way: a fully refunded charge refuses
 * another refund (`charge_already_refunded`, read as success below).
 */
const retryKey = (intentId: string, at: Date) => `${refundKey(intentId)}-retry-${at.getTime()}`;

/** The owner's Dutch reason for a refused refund (shown after "Terugbetaling mislukt: "). */
export function refundFailureReason(err: unknown): string {
  if (!(err instanceof PaymentProviderError)) return reasons.unavailable;
  if (err.kind === 'auth') return reasons.auth;
  if (err.kind === 'unavailable') return reasons.unavailable;
  if (err.kind === 'not_found') return reasons.notFound;
  if (err.providerCode === 'charge_disputed') return reasons.disputed;
  if (err.providerCode === 'balance_insufficient') return reasons.balance;
  return reasons.refused.replace('{code}', err.providerCode ?? 'onbekend');
}

/**
 * The cents of a partial refund, or null for the whole payment (no part stored). A series'
 * occurrence gives back its own share (or the part the owner typed), never the whole payment.
 */
const partOf = (booking: BookingRow): number | null =>
  amountToCentsRounded(booking.refundAmount) ??
  (isShare(booking) ? amountToCentsRounded(booking.amountPaid) : null);

/** A refund the provider already made (another request or an earlier run of this key) is a success. */
const alreadyRefunded = (err: unknown) =>
  err instanceof PaymentProviderError && err.providerCode === 'charge_already_refunded';

export interface RefundDeps {
  db: Db;
  accounts: OwnerAccounts;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Refunds of cancelled paid bookings (docs/PRODUCT.md#refunds). The cancel marks the booking
 * `refund_status = 'pending'` and the amount in its own transaction; after the commit `refund(id)` asks
 * the provider for the whole intent or that part of it. A failure leaves the booking cancelled with the reason for the owner, and
 * `retryOpen` (run with the payment reconciliation every minute) asks again.
 */
export function createRefunds({ db, accounts, now, log }: RefundDeps) {
  /**
   * `by`: who asked for it with their cancel (the member, the customer); a retry of the job is the
   * system's.
   */
  async function refund(
    bookingId: string,
    by?: (businessId: string) => ActivityBy,
  ): Promise<BookingRow | undefined> {
    const found = await refundsRepo.withKey(db, bookingId);
    if (!found) return undefined;
    const { booking, secretKey } = found;
    if (!booking.refundStatus || !OPEN_REFUND.includes(booking.refundStatus as (typeof OPEN_REFUND)[number]))
      return booking;
    const intentId = (booking.stripePaymentIntentId ?? found.payerIntentId)!;
    const account = accounts.fromCipher(secretKey, booking.ownerId);
    if (!account) {
      return (
        (await refundsRepo.settle(
          db,
          booking.id,
          { refundStatus: 'failed', refundError: reasons.noKey },
          now(),
        )) ?? booking
      );
    }
    const part = partOf(booking);
    try {
      if (part !== null && isShare(booking)) await refundShare(account, booking, intentId, part);
      else if (part === null) {
        const key = booking.refundStatus === 'failed' ? retryKey(intentId, now()) : refundKey(intentId);
        await account.refund(intentId, key);
      } else if (booking.refundStatus === 'failed') {
        // A second part is not refused like a second whole refund: a retry under a new key first
        // asks what an earlier ask (answered too late to hear) already gave back.
        const given = await account.refundedCents(intentId);
        if (given < part)
          await account.refund(intentId, `${retryKey(intentId, now())}-${part}`, part - given);
      } else {
        await account.refund(intentId, `${refundKey(intentId)}-${part}`, part);
      }
    } catch (err) {
      if (!alreadyRefunded(err)) {
        log.warn({ err, bookingId: booking.id, intent: intentId }, 'refund failed; retried by the job');
        const failed = await refundsRepo.settle(
          db,
          booking.id,
          { refundStatus: 'failed', refundError: refundFailureReason(err) },
          now(),
        );
        return failed ?? (await refundsRepo.withKey(db, booking.id))?.booking;
      }
    }
    const at = now();
    const done = await db.transaction(async (tx) => {
      const settled = await refundsRepo.settle(
        tx,
        booking.id,
        {
          paymentStatus: booking.refundAmount === null ? 'refunded' : 'partially_refunded',
          refundStatus: 'succeeded',
          refundError: null,
          refundedAt: at,
        },
        at,
      );
      // The activity log's entry (docs/PRODUCT.md#activity-log): the provider's refund, asked for by
      // whoever cancelled, or by the system when its job retried it.
      if (settled?.ownerId)
        await activityRepo.record(tx, (by ?? bySystem)(settled.ownerId), at, {
          kind: 'booking.refunded',
          bookingId: booking.id,
          subjectId: booking.id,
          subjectName: booking.customerName,
          after: {
            amount: part === null ? booking.amountPaid : centsToAmount(part),
            partial: booking.refundAmount !== null,
          },
        });
      return settled;
    });
    log.info({ bookingId: booking.id, intent: intentId }, 'booking refunded');
    return done ?? (await refundsRepo.withKey(db, booking.id))?.booking;
  }

  /**
   * One occurrence's share of a series payment, under a key of its own (two occurrences' equal
   * shares are two refunds). A retry after a refusal first reads what the intent gave back beyond
   * the other occurrences' refunds, since an earlier ask may have succeeded unheard.
   */
  async function refundShare(
    account: NonNullable<ReturnType<OwnerAccounts['fromCipher']>>,
    booking: BookingRow,
    intentId: string,
    part: number,
  ) {
    const key = `${refundKey(intentId)}-${booking.id}`;
    if (booking.refundStatus !== 'failed') return account.refund(intentId, key, part);
    const others = await refundsRepo.refundedShares(db, booking.paidById ?? booking.id, booking.id);
    const othersCents = others.reduce((sum, r) => sum + (partOf(r) ?? 0), 0);
    const mine = Math.max(0, (await account.refundedCents(intentId)) - othersCents);
    if (mine < part) await account.refund(intentId, `${key}-retry-${now().getTime()}`, part - mine);
  }

  return {
    refund,
    /** Asks the provider again for every refund not done yet; the counts are for the job's log. */
    async retryOpen(): Promise<{ refunded: number; failed: number }> {
      const report = { refunded: 0, failed: 0 };
      const settledBefore = new Date(now().getTime() - IN_FLIGHT_MS);
      for (const { id } of await refundsRepo.open(db, BATCH, settledBefore)) {
        try {
          const row = await refund(id);
          if (row?.refundStatus === 'succeeded') report.refunded++;
          else report.failed++;
        } catch (err) {
          report.failed++;
          log.warn({ err, bookingId: id }, 'refund retry failed; retried next run');
        }
      }
      return report;
    },
  };
}
export type Refunds = ReturnType<typeof createRefunds>;

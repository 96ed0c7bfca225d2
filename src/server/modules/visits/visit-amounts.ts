import type { PaymentQuote } from '@contracts/public-booking';
import { centsToAmount } from '@core/index';
import type { Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { customerSplit, priceCentsOf } from '../payments/deposit-split';

/** A segment's money columns: paid (or being paid) online, and due at the appointment. */
export interface SegmentAmounts {
  amountPaid?: string;
  amountDue?: string;
}

export interface VisitAmounts {
  /** What this customer pays online now for the whole visit: one payment; 0 books without one. */
  payNowCents: number;
  /** What is left to pay at the salon: the deposits' rest and the prices of services not paid online. */
  dueLaterCents: number;
  /** Each segment's columns, in the visit's order. */
  segments: SegmentAmounts[];
}

/**
 * What the visit costs this customer and where each amount is kept (docs/PRODUCT.md#visits). Each
 * paid service asks what one booking of it would (customerSplit: the price, or the deposit for a new
 * customer); the visit pays those in one payment, so its first segment, which carries the hold and
 * the intent, carries their sum and their rest. A service not paid online keeps its own price due
 * at the salon on its own segment, as in a visit without payment.
 */
export async function visitAmounts(
  db: Db,
  events: readonly EventRow[],
  email: string | null,
  now: Date,
): Promise<VisitAmounts> {
  const splits = await Promise.all(
    events.map((event) => (event.requiresPayment ? customerSplit(db, event, email, now) : null)),
  );
  const payNowCents = splits.reduce((sum, split) => sum + (split?.payNowCents ?? 0), 0);
  const paidRest = splits.reduce((sum, split) => sum + (split?.dueLaterCents ?? 0), 0);
  const atSalon = events.map((event, k) => (splits[k] ? 0 : priceCentsOf(event)));
  const segments = events.map((event, k): SegmentAmounts => {
    const own = atSalon[k]!;
    if (k === 0 && splits.some(Boolean))
      return { amountPaid: centsToAmount(payNowCents), amountDue: centsToAmount(paidRest + own) };
    if (splits[k]) return { amountPaid: centsToAmount(0), amountDue: centsToAmount(0) };
    return own ? { amountDue: centsToAmount(own) } : {};
  });
  return {
    payNowCents,
    dueLaterCents: paidRest + atSalon.reduce((sum, cents) => sum + cents, 0),
    segments,
  };
}

/** The visit's quote as the booking page's review shows it. */
export const visitQuote = (amounts: VisitAmounts, currency: string): PaymentQuote => ({
  payNow: centsToAmount(amounts.payNowCents),
  dueLater: centsToAmount(amounts.dueLaterCents),
  currency,
});

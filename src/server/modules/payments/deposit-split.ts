import {
  centsToAmount,
  NEW_CUSTOMER,
  parseAmountToCents,
  paymentSplit,
  type PaymentSplit,
} from '@core/index';
import type { Db } from '../../db/client';
import type { EventRow } from '../../db/schema';
import { amountInCents } from './payment-account';
import { depositsRepo } from './deposits.repo';

/**
 * What this customer pays online for a paid service now (docs/PRODUCT.md#deposits): the whole
 * price, the deposit, or nothing when the deposit is only for new customers and this e-mail
 * address has been here before. The server always computes it itself; the wizard's quote, the
 * payment hold and a booking without payment all ask this one function.
 */
export async function customerSplit(
  db: Db,
  event: EventRow,
  email: string | null,
  now: Date,
  /** The places booked (a class, docs/PRODUCT.md#classes): the price and the deposit are per place. */
  seats = 1,
): Promise<PaymentSplit> {
  const price = amountInCents(event);
  const rule = {
    depositType: event.depositType,
    depositValue: event.depositValue,
    depositFor: event.depositFor,
  };
  // Only "new customers" depends on who asks; without an e-mail address nobody is known.
  const history =
    rule.depositType !== 'none' && rule.depositFor !== 'everyone' && email?.trim()
      ? await depositsRepo.customerHistory(db, event.userId, email.trim(), now)
      : NEW_CUSTOMER;
  const one = paymentSplit(price, rule, history);
  return seats === 1
    ? one
    : { ...one, payNowCents: one.payNowCents * seats, dueLaterCents: one.dueLaterCents * seats };
}

/** The booking's money columns for a split: paid (or being paid) online, and due at the appointment. */
export const splitAmounts = (split: PaymentSplit) => ({
  amountPaid: centsToAmount(split.payNowCents),
  amountDue: centsToAmount(split.dueLaterCents),
});

/** What a hold asked the provider for; a hold made before deposits existed asked the whole price. */
export function heldCents(hold: { amountPaid: string | null }, event: EventRow): number {
  const stored = hold.amountPaid === null ? null : parseAmountToCents(hold.amountPaid);
  return stored ?? amountInCents(event);
}

/**
 * The money columns of a booking of a service that is not paid online: its price, when it has one,
 * is due at the appointment, so the confirmation, the manage page and the owner's list say so.
 */
export function atSalonAmounts(event: Pick<EventRow, 'requiresPayment' | 'paymentAmount'>, seats = 1) {
  if (event.requiresPayment) return {};
  const cents = priceCentsOf(event);
  return cents ? { amountDue: centsToAmount(cents * seats) } : {};
}

/** The service's price in cents, paid online or at the salon; 0 when it has none. */
export const priceCentsOf = (event: Pick<EventRow, 'paymentAmount'>): number =>
  (event.paymentAmount === null ? null : parseAmountToCents(event.paymentAmount)) ?? 0;

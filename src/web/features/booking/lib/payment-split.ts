/**
 * What the customer pays online now and at the appointment (docs/PRODUCT.md#deposits), for the
 * review and payment steps. The rule is core's paymentSplit; only a deposit for new customers needs
 * the server (it alone knows who booked before), which answers with the same rule.
 */
import type { PublicEvent } from '@contracts/public-booking';
import { NEW_CUSTOMER, paymentSplit } from '@core/deposit';
import { centsToAmount, parseAmountToCents } from '@core/money';
import { usePaymentQuote } from '../api/get-payment-quote';

/** Decimal strings in the event's currency; payNow '0.00': this customer books without paying online. */
export interface Split {
  payNow: string;
  dueLater: string;
}

/** Whether who the customer is decides the split (a deposit for new customers only). */
export const splitNeedsQuote = (event: PublicEvent) =>
  event.requiresPayment && event.depositType !== 'none' && event.depositFor !== 'everyone';

/**
 * The split without asking the server; null for a free service, or when it depends on the customer.
 * A class booking of several places pays the split of one place that many times, as the server
 * charges it (docs/PRODUCT.md#classes); a series of `times` weekly occurrences pays the sum of them
 * (docs/PRODUCT.md#series).
 */
export function localSplit(event: PublicEvent, seats = 1, times = 1): Split | null {
  if (!event.requiresPayment || splitNeedsQuote(event)) return null;
  const price = parseAmountToCents(event.paymentAmount ?? '');
  if (!price) return null;
  const split = paymentSplit(
    price,
    { depositType: event.depositType, depositValue: event.depositValue, depositFor: event.depositFor },
    NEW_CUSTOMER,
  );
  return {
    payNow: centsToAmount(split.payNowCents * seats * times),
    dueLater: centsToAmount(split.dueLaterCents * seats * times),
  };
}

/** True when something is left to pay at the appointment (a deposit, or nothing online at all). */
export const hasDue = (split: Split | null | undefined): boolean =>
  Boolean(split && (parseAmountToCents(split.dueLater) ?? 0) > 0);

/** True when this customer pays online now. */
export const paysOnline = (split: Split | null | undefined): boolean =>
  Boolean(split && (parseAmountToCents(split.payNow) ?? 0) > 0);

/**
 * The split for this customer: computed here, or asked of the server for a deposit for new
 * customers. `split` is null for a free service and while the server's answer is not there.
 */
export function usePaymentSplit(
  event: PublicEvent,
  email: string | null,
  seats = 1,
  /** The weekly times of a series (docs/PRODUCT.md#series); null: one booking. */
  series: number | null = null,
) {
  const needsQuote = splitNeedsQuote(event);
  const quote = usePaymentQuote(event.id, email, needsQuote, seats, series);
  if (!needsQuote)
    return { split: localSplit(event, seats, series ?? 1), loading: false, failed: false, retry: () => {} };
  return {
    split: quote.data ? { payNow: quote.data.payNow, dueLater: quote.data.dueLater } : null,
    loading: quote.isPending,
    failed: quote.isError,
    retry: () => void quote.refetch(),
  };
}

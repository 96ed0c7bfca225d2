/**
 * What a customer pays online for a paid service, and what is left to pay at the business
 * (docs/PRODUCT.md#deposits). One rule for the wizard's review and payment steps and for the
 * server's payment intent, so the amount the page shows is the amount the provider is asked for.
 */
import { centsToAmount, parseAmountToCents } from './money';

export const DEPOSIT_TYPES = ['none', 'fixed', 'percent'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/**
 * Who is asked the deposit: everyone; only new customers (and anyone who did not show up before); or
 * `new_or_no_show`: customers with no earlier completed visit or with a no-show in the last 12 months.
 */
export const DEPOSIT_FOR = ['everyone', 'new_customers', 'new_or_no_show'] as const;
export type DepositFor = (typeof DEPOSIT_FOR)[number];

export const DEPOSIT_PERCENT_MIN = 1;
export const DEPOSIT_PERCENT_MAX = 99;

export interface DepositRule {
  depositType: DepositType;
  /** Euro amount as a decimal string ('20.00') for `fixed`, a whole percentage ('30') for `percent`. */
  depositValue: string | null;
  depositFor: DepositFor;
}

export const NO_DEPOSIT: DepositRule = { depositType: 'none', depositValue: null, depositFor: 'everyone' };

/** The split of one booking's price: paid online now, and still due at the appointment. */
export interface PaymentSplit {
  /** 0 means the customer books like a free service. */
  payNowCents: number;
  dueLaterCents: number;
  /** True when only part of the price is paid online. */
  isDeposit: boolean;
}

/**
 * The deposit in cents for a price, or the whole price when there is no deposit. A percentage is
 * rounded to whole cents (half up); a fixed amount above the price is capped at the price.
 */
export function depositCents(priceCents: number, rule: DepositRule): number {
  if (rule.depositType === 'none' || rule.depositValue === null) return priceCents;
  if (rule.depositType === 'fixed') {
    const fixed = parseAmountToCents(rule.depositValue);
    return fixed === null ? priceCents : Math.min(fixed, priceCents);
  }
  const percent = Number(rule.depositValue);
  if (!Number.isFinite(percent) || percent <= 0) return priceCents;
  return Math.min(priceCents, Math.round((priceCents * percent) / 100));
}

/**
 * What the server knows of a customer's past with the business. `returning`: an earlier booking
 * that took place (a completed visit); `noShowBefore`: one of them was marked as not shown;
 * `noShowLastYear`: such a no-show in the 12 months before now.
 */
export interface CustomerPast {
  returning: boolean;
  noShowBefore: boolean;
  noShowLastYear: boolean;
}

export const NEW_CUSTOMER: CustomerPast = { returning: false, noShowBefore: false, noShowLastYear: false };

/**
 * Whether this customer is asked to pay online at all: `new_customers` asks a customer who did not
 * show up at any time, `new_or_no_show` only one who did not show up in the last 12 months.
 */
export function asksDeposit(rule: DepositRule, customer: CustomerPast): boolean {
  if (rule.depositType === 'none' || rule.depositFor === 'everyone') return true;
  if (!customer.returning) return true;
  return rule.depositFor === 'new_customers' ? customer.noShowBefore : customer.noShowLastYear;
}

/** The split for one customer: the whole price, a deposit, or nothing online (not asked). */
export function paymentSplit(priceCents: number, rule: DepositRule, customer: CustomerPast): PaymentSplit {
  if (!asksDeposit(rule, customer)) return { payNowCents: 0, dueLaterCents: priceCents, isDeposit: false };
  const now = depositCents(priceCents, rule);
  return { payNowCents: now, dueLaterCents: priceCents - now, isDeposit: now < priceCents };
}

/**
 * The provider refuses charges below € 0,50 (Stripe's minimum for EUR), so a deposit smaller than
 * that could never be paid: the event form and the server refuse it when the owner saves it.
 */
export const MIN_ONLINE_CENTS = 50;

/** What is wrong with a deposit rule for a price; the contracts map each to a Dutch message. */
export type DepositProblem = 'valueRequired' | 'abovePrice' | 'belowMinimum' | 'percentRange';

/**
 * Checks a deposit the owner typed against the service's price (cents; null while no price is set).
 * A fixed amount must lie between € 0,50 and the price; a percentage must be whole, 1–99, and give
 * at least € 0,50. One rule for the event form's live check and the server's.
 */
export function depositProblem(priceCents: number | null, rule: DepositRule): DepositProblem | null {
  if (rule.depositType === 'none') return null;
  if (rule.depositValue === null || rule.depositValue.trim() === '') return 'valueRequired';
  const cents = parseAmountToCents(rule.depositValue);
  if (rule.depositType === 'percent') {
    if (cents === null || cents % 100 !== 0) return 'percentRange';
    const percent = cents / 100;
    if (percent < DEPOSIT_PERCENT_MIN || percent > DEPOSIT_PERCENT_MAX) return 'percentRange';
    if (priceCents !== null && depositCents(priceCents, rule) < MIN_ONLINE_CENTS) return 'belowMinimum';
    return null;
  }
  if (cents === null || cents < MIN_ONLINE_CENTS) return 'belowMinimum';
  if (priceCents !== null && cents > priceCents) return 'abovePrice';
  return null;
}

/**
 * The stored deposit value as the owner reads it: a fixed amount as '20.00', a percentage whole
 * ('30'), whatever numeric form the database returned ('30.00').
 */
export function depositValueText(rule: Pick<DepositRule, 'depositType' | 'depositValue'>): string | null {
  if (rule.depositType === 'none' || rule.depositValue === null) return null;
  const cents = parseAmountToCents(rule.depositValue);
  if (cents === null) return rule.depositValue;
  return rule.depositType === 'percent' && cents % 100 === 0 ? String(cents / 100) : centsToAmount(cents);
}

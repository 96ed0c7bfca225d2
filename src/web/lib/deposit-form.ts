/**
 * The deposit of the event form and the template editor (tab "Betaling", docs/PRODUCT.md#deposits)
 * as form values, their API form and the live preview, computed with core's rule so the owner sees
 * exactly what the wizard and the payment provider will ask.
 */
import {
  depositProblem,
  formatCents,
  NEW_CUSTOMER,
  parseAmountToCents,
  paymentSplit,
  type DepositFor,
  type DepositType,
} from '@core/index';
import { amountForInput } from './amount-input';

export interface DepositValues {
  depositType: DepositType;
  /** As typed ('20,00', '30'); normalised by the server. */
  depositValue: string;
  depositFor: DepositFor;
}

/** The deposit fields live on the Betaling tab. */
export const DEPOSIT_FIELDS = ['depositType', 'depositValue', 'depositFor'] as const;

export const defaultDepositValues = (): DepositValues => ({
  depositType: 'none',
  depositValue: '',
  depositFor: 'everyone',
});

/** A stored event's or template's deposit as form values (a field the answer lacks reads as none). */
export function depositToValues(
  d: Partial<{ depositType: DepositType; depositValue: string | null; depositFor: DepositFor }>,
): DepositValues {
  return {
    depositType: d.depositType ?? 'none',
    // A fixed deposit is money and reads as the price does ('20,00' beside '85,00').
    depositValue: amountForInput(d.depositValue),
    depositFor: d.depositFor ?? 'everyone',
  };
}

/**
 * The deposit part of a payload. Without payment (or without a deposit) nothing is asked, so a
 * stale value must not block saving: the rule is sent as none.
 */
export function depositPayload(v: DepositValues & { requiresPayment: boolean }) {
  const on = v.requiresPayment && v.depositType !== 'none';
  return {
    depositType: on ? v.depositType : ('none' as const),
    depositValue: on ? v.depositValue.trim() || null : null,
    depositFor: v.depositFor,
  };
}

/**
 * "Klant betaalt online € 20,00, rest € 45,00 in de salon" for the values typed now; null while the
 * price or the deposit cannot be charged as typed (the field's own message says why on saving).
 */
export function depositPreview(
  v: DepositValues & { paymentAmount: string; currency: string },
): { payNow: string; dueLater: string } | null {
  if (v.depositType === 'none') return null;
  const price = parseAmountToCents(v.paymentAmount);
  if (!price) return null;
  const rule = { depositType: v.depositType, depositValue: v.depositValue.trim(), depositFor: v.depositFor };
  if (depositProblem(price, rule)) return null;
  const split = paymentSplit(price, rule, NEW_CUSTOMER);
  return {
    payNow: formatCents(split.payNowCents, v.currency),
    dueLater: formatCents(split.dueLaterCents, v.currency),
  };
}

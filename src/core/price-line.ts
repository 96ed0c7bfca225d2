import { amountToCentsRounded, formatCents } from './money';

/**
 * The price line of a service on the business page (docs/PRODUCT.md#business-page): what a customer
 * pays and where. The texts live in contracts/messages-public.ts (`businessPage`); this says which.
 * - `online`: paid online when booking, the price (formatted) is shown;
 * - `atSalon`: a price is set but not paid online: 'Betalen in de salon', with the price;
 * - `free`: no price at all: 'Gratis'.
 */
export type PriceLine =
  { kind: 'online'; amount: string } | { kind: 'atSalon'; amount: string } | { kind: 'free' };

export interface PricedService {
  requiresPayment: boolean;
  /** Decimal string ('25.00') or null. */
  paymentAmount: string | null;
  currency: string;
}

export function priceLine({ requiresPayment, paymentAmount, currency }: PricedService): PriceLine {
  const cents = amountToCentsRounded(paymentAmount) ?? 0;
  // A zero price is no price: nothing to pay, online or at the salon.
  if (cents <= 0) return { kind: 'free' };
  const amount = formatCents(cents, currency);
  return requiresPayment ? { kind: 'online', amount } : { kind: 'atSalon', amount };
}

import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatMoney, parseAmountToCents } from '@core/index';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

const d = nl.deposits;
const positive = (amount: string | null) => amount !== null && (parseAmountToCents(amount) ?? 0) > 0;

/**
 * What the customer paid online and what is left for the appointment (docs/PRODUCT.md#deposits):
 * "€ 20,00 betaald, € 5,00 in de salon". Nothing for free bookings, bookings from before deposits,
 * payments still under way and refunded ones (their own badge says so).
 */
export function bookingMoneyText(b: OwnerBookingDto): string | null {
  if (b.paymentStatus !== 'paid' && b.paymentStatus !== 'not_required') return null;
  const paid = b.paymentStatus === 'paid' && positive(b.amountPaid);
  const due = positive(b.amountDue);
  const values = { paid: formatMoney(b.amountPaid, b.currency), due: formatMoney(b.amountDue, b.currency) };
  if (paid && due) return fill(d.paidDue, values);
  if (paid) return fill(d.paidOnly, values);
  if (due) return fill(d.dueOnly, values);
  return null;
}

export function BookingMoney({ booking, className }: { booking: OwnerBookingDto; className?: string }) {
  const text = bookingMoneyText(booking);
  if (!text) return null;
  return <p className={cn('text-xs text-muted-foreground tabular-nums', className)}>{text}</p>;
}

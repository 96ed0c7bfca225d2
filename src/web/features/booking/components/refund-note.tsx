import { Info } from 'lucide-react';
import type { ManagedBooking } from '@contracts/public-booking';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { formatMoney } from '@core/money';

const m = nl.manage;

/**
 * What happens to money paid online (docs/PRODUCT.md#refunds): before a cancel whether it comes back
 * (the owner's automatic refund before the cut-off), after it whether it was returned. Null when
 * nothing was paid online, or there is nothing to say.
 */
export function refundLine(refund: ManagedBooking['refund'], cancelled: boolean): string | null {
  if (!refund) return null;
  const amount = formatMoney(refund.amount, refund.currency);
  if (!cancelled)
    return (refund.onCancel ? m.refundOnCancel : m.noRefundOnCancel).replace('{amount}', amount);
  if (refund.status === 'succeeded') return m.refunded.replace('{amount}', amount);
  if (refund.status) return m.refundPending.replace('{amount}', amount);
  return null;
}

export function RefundNote({ id, text }: { id?: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {text}
    </p>
  );
}

import { CreditCard, RotateCw } from 'lucide-react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { Button } from '@web/components/ui/button';

/**
 * The review's note on what is paid online now and later (docs/PRODUCT.md#deposits), for one
 * service and for a visit alike: the quote's text once it is known, a retry when asking failed,
 * 'checking' meanwhile. Announced politely, as the quote may arrive after the step is shown.
 */
export function PaymentSplitNote({
  text,
  failed,
  onRetry,
}: {
  /** What this customer pays; null while the quote is not known. */
  text: string | null;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="note"
      aria-live="polite"
      className="mt-4 flex items-start gap-3 rounded-xl border border-primary/30 bg-brand-soft p-4 text-sm"
    >
      <CreditCard
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 text-(--bk-accent) dark:text-(--bk-accent-dark)"
      />
      {text !== null ? (
        <p data-testid="payment-split">{text}</p>
      ) : failed ? (
        <div className="grid gap-2">
          <p>{nl.deposit.quoteFailed}</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {nl.clientErrors.retry}
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground">{nl.deposit.checking}</p>
      )}
    </div>
  );
}

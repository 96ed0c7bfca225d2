import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { PendingButton } from '@web/components/pending-button';
import { Skeleton } from '@web/components/ui/skeleton';
import { SpinnerIcon } from '@web/components/ui/spinner-icon';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { useAnnounce } from '../lib/announcer';
import { BackToReviewButton } from './back-to-review-button';

const s = nl.paymentStep;

/**
 * The card form inside Stripe's Elements (docs/PRODUCT.md#paid-flow): idle, then processing. Nothing
 * happens until Stripe and its elements are ready; the provider redirects only when the payment
 * method needs it (3-D Secure and the like come back through /payment/processing).
 */
export function PaymentForm({
  amount,
  onBack,
  onPaid,
  onDeclined,
  onFailed,
  onLoadError,
}: {
  /** Already formatted: '€25.00'. */
  amount: string;
  /** Back to the review step; left out on the top-level payment page of an embed, which has no review. */
  onBack?: () => void;
  /** The payment succeeded or is processing: the booking is made with this payment intent id. */
  onPaid: (paymentIntentId: string) => Promise<void>;
  /** The provider refused the payment (nothing was paid): the failure page shows this message. */
  onDeclined: (message: string) => Promise<void>;
  /** Something went wrong on the way: the failure page shows this message. */
  onFailed: (message: string) => void;
  onLoadError: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const announce = useAnnounce();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    // The overlay appears with its text, so the page's live region says it.
    announce(`${s.processing} ${s.processingText}`);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/payment/processing` },
        redirect: 'if_required',
      });
      if (error) {
        const message = error.message || s.failedText;
        toast({ variant: 'destructive', title: s.failedTitle, description: message });
        // An incomplete or mistyped card is shown in the form itself: nothing was charged, so
        // the visitor corrects it here instead of starting over from the failure page.
        if (error.type !== 'validation_error') await onDeclined(message);
      } else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        await onPaid(paymentIntent.id);
      }
    } catch {
      toast({ variant: 'destructive', title: nl.errors.genericTitle, description: s.errorText });
      onFailed(s.errorText);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-busy={processing} noValidate>
      <div className="rounded-xl border bg-card p-4">
        {!ready && (
          <div role="status" className="space-y-3">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          </div>
        )}
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={(event) => {
            console.error('Payment form could not be loaded', event.error);
            onLoadError();
          }}
        />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack && <BackToReviewButton onBack={onBack} disabled={processing} />}
        <PendingButton
          type="submit"
          size="lg"
          className="sm:ml-auto"
          pending={processing}
          disabled={!stripe || !elements || !ready}
          pendingLabel={s.processing}
          icon={<Lock aria-hidden="true" />}
        >
          {fill(s.pay, { amount })}
        </PendingButton>
      </div>
      {processing && <ProcessingOverlay />}
    </form>
  );
}

/** docs/PRODUCT.md#paid-flow: a full-screen overlay while the payment is processed; it also blocks a second submit. */
function ProcessingOverlay() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-background/80 p-4 backdrop-blur-sm">
      <div className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-8 py-6 text-center shadow-lg">
        <SpinnerIcon className="size-8 text-primary" />
        <p className="font-semibold">{s.processing}</p>
        <p className="text-sm text-muted-foreground">{s.processingText}</p>
      </div>
    </div>
  );
}

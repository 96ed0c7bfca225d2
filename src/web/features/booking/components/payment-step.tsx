/**
 * Step 5 of a paid booking (docs/PRODUCT.md#paid-flow): the card provider's payment form. This module
 * is its own lazily loaded chunk and the only one importing Stripe code, so nothing of Stripe loads
 * before the visitor reaches this step (docs/architecture/stack.md).
 */
import { Elements } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Appearance, StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import { Clock, Lock, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent } from '@contracts/public-booking';
import { formatMoney } from '@core/money';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { bookingStorage } from '../lib/booking-storage';
import {
  createPaidBooking,
  failurePath,
  paidBookingFailure,
  releaseHold,
  successPath,
} from '../lib/paid-booking';
import { themePalette } from '../lib/theme-color';
import type { PaymentSession } from '../lib/wizard-state';
import { PayInNewWindow } from './pay-in-new-window';
import { PaymentForm } from './payment-form';
import { StepHeading } from './step-heading';
import { BackToReviewButton } from './back-to-review-button';

const w = nl.wizard;
const s = nl.paymentStep;

/** The provider's form in the event's colour, dark when the page is dark. */
function appearanceFor(themeColor: string): Appearance {
  const dark = document.documentElement.classList.contains('dark');
  return {
    theme: dark ? 'night' : 'stripe',
    variables: {
      colorPrimary: themePalette(themeColor).primary,
      borderRadius: '8px',
      fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    },
  };
}

const timeOf = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? null
    : new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' }).format(at);
};

export function PaymentStep({
  event,
  payment,
  onBack,
  returnPath,
  payInNewWindow = false,
  focusHeading,
}: {
  event: PublicEvent;
  payment: PaymentSession;
  /** Back to the review step; the top-level payment page of an embed has none. */
  onBack?: () => void;
  /** Where 'Opnieuw proberen' leads after a failure; default the current page (the wizard). */
  returnPath?: string;
  /**
   * docs/PRODUCT.md#embed-payment: inside an iframe the bank's pages cannot load, so the payment
   * opens in a new window and Stripe.js is not loaded here at all.
   */
  payInNewWindow?: boolean;
  focusHeading: boolean;
}) {
  const [, navigate] = useLocation();
  const [loadFailed, setLoadFailed] = useState(false);
  // One Stripe instance per payment: Elements must keep the same `stripe` for its whole life.
  const [stripe] = useState(() =>
    payment.publicKey && !payInNewWindow
      ? loadStripe(payment.publicKey).catch((error: unknown) => {
          console.error('Stripe.js could not be loaded', error);
          setLoadFailed(true);
          return null;
        })
      : null,
  );
  const [options] = useState<StripeElementsOptionsClientSecret>(() => ({
    clientSecret: payment.clientSecret,
    locale: 'nl',
    appearance: appearanceFor(event.themeColor),
  }));
  const amount = formatMoney(payment.pending.paymentAmount ?? event.paymentAmount, event.currency);
  const heldUntil = timeOf(payment.expiresAt);

  /** docs/PRODUCT.md#paid-flow: the message and the current path (with query) are kept for the failure page. */
  const fail = (message: string) => {
    bookingStorage.saveFailure(message, returnPath ?? `${window.location.pathname}${window.location.search}`);
    navigate(failurePath(payment.pending));
  };

  const onPaid = async (paymentIntentId: string) => {
    try {
      await createPaidBooking(payment.pending, paymentIntentId);
      navigate(successPath(payment.pending));
    } catch (error) {
      const message = paidBookingFailure(error);
      toast({ variant: 'destructive', title: nl.errors.genericTitle, description: message });
      fail(message);
    }
  };

  return (
    <section aria-labelledby="step-title">
      <StepHeading title={w.paymentTitle} text={fill(w.paymentText, { amount })} focus={focusHeading} />
      <div className="mb-5 flex items-center justify-between gap-4 rounded-xl border bg-brand-soft px-4 py-3">
        <span className="text-sm text-muted-foreground">{s.amountLabel}</span>
        <span className="text-xl font-semibold tabular-nums">{amount}</span>
      </div>
      {payment.pending.dueLater && (
        <p data-testid="payment-split" className="mb-4 text-sm">
          {fill(nl.deposit.split, {
            payNow: amount,
            dueLater: formatMoney(payment.pending.dueLater, event.currency),
          })}
        </p>
      )}
      {heldUntil && (
        <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {fill(s.heldUntil, { time: heldUntil })}
        </p>
      )}
      {payInNewWindow ? (
        <PayInNewWindow slug={event.slug} payment={payment} onBack={onBack} />
      ) : stripe && !loadFailed ? (
        <Elements stripe={stripe} options={options}>
          <PaymentForm
            amount={amount}
            onBack={onBack}
            onPaid={onPaid}
            onDeclined={async (message) => {
              await releaseHold(payment.managementToken);
              fail(message);
            }}
            onFailed={fail}
            onLoadError={() => setLoadFailed(true)}
          />
        </Elements>
      ) : (
        <>
          <p
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-destructive-text/30 bg-red-50 px-4 py-3 text-sm text-destructive-text dark:bg-red-950/40"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {s.formUnavailable}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {onBack && <BackToReviewButton onBack={onBack} />}
            <Button size="lg" className="sm:ml-auto" disabled>
              {fill(s.pay, { amount })}
            </Button>
          </div>
        </>
      )}
      <p className="mt-5 flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="size-3.5 shrink-0" />
        {s.secure}
      </p>
    </section>
  );
}

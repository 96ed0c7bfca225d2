/**
 * Step 5 of a paid booking (docs/PRODUCT.md#paid-flow): the card provider's payment form. This module
 * is its own lazily loaded chunk and the only one importing Stripe code, so nothing of Stripe loads
 * before the visitor reaches this step (docs/architecture/stack.md).
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Elements } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Appearance, StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import { Lock, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent } from '@contracts/public-booking';
import { formatMoney } from '@core/money';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { availabilityQueryKey } from '../api/get-month-availability';
import { bookingStorage } from '../lib/booking-storage';
import { keepPayment, releasePayment } from '../lib/held-payment';
import {
  createPaidBooking,
  failurePath,
  paidBookingFailure,
  releaseHold,
  successPath,
} from '../lib/paid-booking';
import { themePalette } from '../lib/theme-color';
import type { PaymentSession } from '../lib/wizard-state';
import { HoldTimer } from './hold-timer';
import { PayInNewWindow } from './pay-in-new-window';
import { PaymentForm } from './payment-form';
import { StepHeading } from './step-heading';
import { BackToReviewButton } from './back-to-review-button';

// In this chunk too: a payment kept in this browser is offered again only to go on paying.
export { ResumePayment } from './resume-payment';

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

export function PaymentStep({
  event,
  payment,
  onBack,
  onChooseTime,
  returnPath,
  payInNewWindow = false,
  availabilityKey,
  focusHeading,
}: {
  event: PublicEvent;
  payment: PaymentSession;
  /** Back to the review step (the hold is given back first); the top-level payment page of an embed has none. */
  onBack?: () => void;
  /** The hold ran out: back to the times (the wizard only). */
  onChooseTime?: () => void;
  /** Where 'Opnieuw proberen' leads after a failure; default the current page (the wizard). */
  returnPath?: string;
  /**
   * docs/PRODUCT.md#embed-payment: inside an iframe the bank's pages cannot load, so the payment
   * opens in a new window and Stripe.js is not loaded here at all.
   */
  payInNewWindow?: boolean;
  /** The times refreshed once the hold is given back; default the event's (a visit's are its own). */
  availabilityKey?: QueryKey;
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
  const visit = !!payment.pending.visit;
  const [expiresAt, setExpiresAt] = useState(payment.expiresAt);
  const queryClient = useQueryClient();
  // docs/PRODUCT.md#paid-flow: leaving the payment step gives the slot back at once, and the times
  // read while it was held show it free again.
  const back =
    onBack &&
    (() => {
      void releasePayment(payment).then(() =>
        queryClient.invalidateQueries({ queryKey: availabilityKey ?? availabilityQueryKey(event.id) }),
      );
      onBack();
    });

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
      <StepHeading
        title={w.paymentTitle}
        text={fill(visit ? nl.visits.paymentText : w.paymentText, { amount })}
        focus={focusHeading}
      />
      <div className="mb-5 flex items-center justify-between gap-4 rounded-xl border bg-brand-soft px-4 py-3">
        <span className="text-sm text-muted-foreground">{s.amountLabel}</span>
        <span className="text-xl font-semibold tabular-nums">{amount}</span>
      </div>
      {payment.pending.dueLater && (
        <p data-testid="payment-split" className="mb-4 text-sm">
          {/* A visit's rest is not only a deposit's: its services paid at the salon are in it too. */}
          {visit
            ? fill(nl.visits.salonRest, { amount: formatMoney(payment.pending.dueLater, event.currency) })
            : fill(nl.deposit.split, {
                payNow: amount,
                dueLater: formatMoney(payment.pending.dueLater, event.currency),
              })}
        </p>
      )}
      <HoldTimer
        token={payment.managementToken}
        expiresAt={expiresAt}
        onExtended={(until) => {
          setExpiresAt(until);
          keepPayment({ ...payment, expiresAt: until });
        }}
        onChooseTime={onChooseTime}
      />
      {payInNewWindow ? (
        <PayInNewWindow slug={event.slug} payment={payment} onBack={back} />
      ) : stripe && !loadFailed ? (
        <Elements stripe={stripe} options={options}>
          <PaymentForm
            amount={amount}
            onBack={back}
            onPaid={onPaid}
            onDeclined={async (message) => {
              await releaseHold(payment.managementToken, payment.pending);
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
            {back && <BackToReviewButton onBack={back} />}
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

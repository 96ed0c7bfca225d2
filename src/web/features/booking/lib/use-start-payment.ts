import { useMutation } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type { PaymentIntentCreated } from '@contracts/public-booking';
import { getStripePublicKey } from '../api/get-stripe-public-key';
import { bookingStorage, type PendingBooking } from './booking-storage';
import { beforeNewHold, keepPayment } from './held-payment';
import type { PaymentSession, WizardAction } from './wizard-state';

/** docs/PRODUCT.md#errors (payment key load): only logged; the payment step then shows that the form cannot load. */
const loadPublicKey = (eventId: string) =>
  getStripePublicKey(eventId).then(
    (answer) => answer.publicKey || null,
    (error: unknown) => {
      console.error('Payment key load failed', error);
      return null;
    },
  );

/** What a held booking's (or visit's) payment intent answers: the form's secret and the hold. */
export type HeldIntent = Pick<
  PaymentIntentCreated,
  'clientSecret' | 'managementToken' | 'managementUrl' | 'expiresAt'
>;

/**
 * docs/PRODUCT.md#paid-flow, from the review step: keep the pending booking, request a payment intent (the
 * server holds the slot and answers the management link) and the owner's public key, then show the
 * payment step. Leaving the payment step gave its hold back (held-payment.ts); a new hold waits for
 * that, and an earlier payment still kept for the event is given back first, so the visitor never
 * blocks a slot of their own. `createIntent` is one booking's create-payment-intent or a visit's
 * (docs/PRODUCT.md#visits); `keyEventId` is the service whose owner's key the form uses (for a visit
 * a paid service of it); the pending booking is the one (or the visit's first segment's) that
 * confirms the payment.
 */
export function useStartPayment<Body>({
  keyEventId,
  createIntent,
  dispatch,
  onError,
}: {
  keyEventId: string;
  createIntent: (body: Body) => Promise<HeldIntent>;
  dispatch: Dispatch<WizardAction>;
  onError: (error: unknown) => void;
}) {
  const mutation = useMutation({
    mutationFn: async ({
      body,
      pending,
    }: {
      body: Body;
      pending: PendingBooking;
    }): Promise<PaymentSession> => {
      await beforeNewHold(pending.booking.eventId);
      const publicKey = loadPublicKey(keyEventId);
      const intent = await createIntent(body);
      return {
        clientSecret: intent.clientSecret,
        managementToken: intent.managementToken,
        expiresAt: intent.expiresAt,
        publicKey: await publicKey,
        pending: { ...pending, managementUrl: intent.managementUrl },
      };
    },
    onSuccess: (payment) => {
      // Now with the management link, which only the payment intent gives for a paid booking.
      bookingStorage.savePending(payment.pending);
      // Kept in this browser too: a closed tab offers this payment again while the hold lasts.
      keepPayment(payment);
      dispatch({ type: 'paymentStarted', payment });
    },
    onError,
  });

  return {
    start: (body: Body, pending: PendingBooking) => {
      // docs/PRODUCT.md#paid-flow: confirming stores the pending booking before the payment intent is requested.
      bookingStorage.savePending(pending);
      mutation.mutate({ body, pending });
    },
    pending: mutation.isPending,
  };
}

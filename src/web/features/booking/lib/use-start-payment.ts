import { useMutation } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type { PublicBookingBody, PublicEvent } from '@contracts/public-booking';
import { createPaymentIntent } from '../api/create-payment-intent';
import { getStripePublicKey } from '../api/get-stripe-public-key';
import { bookingStorage, type PendingBooking } from './booking-storage';
import { releaseHold } from './paid-booking';
import type { PaymentSession, WizardAction } from './wizard-state';

/** A hold this close to its end is not reused: paying would likely outlast it. */
const REUSE_MARGIN_MS = 2 * 60_000;

const stillHeld = (session: PaymentSession) => Date.parse(session.expiresAt) - Date.now() > REUSE_MARGIN_MS;

/** docs/PRODUCT.md#errors (payment key load): only logged; the payment step then shows that the form cannot load. */
const loadPublicKey = (eventId: string) =>
  getStripePublicKey(eventId).then(
    (answer) => answer.publicKey || null,
    (error: unknown) => {
      console.error('Payment key load failed', error);
      return null;
    },
  );

/**
 * docs/PRODUCT.md#paid-flow, from the review step: keep the pending booking, request a payment intent (the
 * server holds the slot and answers the management link) and the owner's public key, then show the
 * payment step. Coming back from the payment step with the same booking reuses the held slot; a
 * changed booking first gives the earlier hold back, so the visitor never blocks their own slot.
 */
export function useStartPayment({
  event,
  previous,
  dispatch,
  onError,
}: {
  event: PublicEvent;
  previous: PaymentSession | null;
  dispatch: Dispatch<WizardAction>;
  onError: (error: unknown) => void;
}) {
  const mutation = useMutation({
    mutationFn: async ({
      body,
      pending,
    }: {
      body: PublicBookingBody;
      pending: PendingBooking;
    }): Promise<PaymentSession> => {
      if (previous && stillHeld(previous)) {
        if (JSON.stringify(previous.pending.booking) === JSON.stringify(body)) {
          const publicKey = previous.publicKey ?? (await loadPublicKey(event.id));
          return {
            ...previous,
            publicKey,
            pending: { ...pending, managementUrl: previous.pending.managementUrl },
          };
        }
        await releaseHold(previous.managementToken);
      }
      const publicKey = loadPublicKey(event.id);
      const intent = await createPaymentIntent(body);
      return {
        clientSecret: intent.clientSecret,
        managementToken: intent.managementToken,
        expiresAt: intent.expiresAt,
        publicKey: await publicKey,
        pending: { ...pending, managementUrl: intent.managementUrl },
      };
    },
    onSuccess: (payment) => {
      // Now with the management link, which only create-payment-intent gives for a paid booking.
      bookingStorage.savePending(payment.pending);
      dispatch({ type: 'paymentStarted', payment });
    },
    onError,
  });

  return {
    start: (body: PublicBookingBody, pending: PendingBooking) => {
      // docs/PRODUCT.md#paid-flow: confirming stores the pending booking before the payment intent is requested.
      bookingStorage.savePending(pending);
      mutation.mutate({ body, pending });
    },
    pending: mutation.isPending,
  };
}

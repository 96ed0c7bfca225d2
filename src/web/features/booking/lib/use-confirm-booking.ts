import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { toast } from '@web/components/ui/use-toast';
import { hasErrorCode, isApiError } from '@web/lib/api-client';
import { useCreateBooking } from '../api/create-booking';
import { createPaymentIntent } from '../api/create-payment-intent';
import { availabilityQueryKey } from '../api/get-month-availability';
import { publicEventQueryKey } from '../api/get-public-event';
import { bookingBody, bookingSummary, pendingBooking, serverFieldErrors } from './booking-payload';
import { bookingRefusal } from './booking-refusal';
import { bookingStorage } from './booking-storage';
import { paysOnline, type Split } from './payment-split';
import { useStartPayment } from './use-start-payment';
import type { WizardAction, WizardState } from './wizard-state';

const b = nl.booking;

/** What the review step and its confirm work from. */
export interface ReviewProps {
  event: PublicEvent;
  fields: PublicField[];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  embed: boolean;
}

/**
 * The wizard's confirm: POST the booking, keep the summary (with the one-time management link) and go
 * to /payment/success; a paid event goes to the payment step instead (useStartPayment). Without the
 * ticked policy (when the service has one) nothing is sent: the message shows at the checkbox. A slot
 * the server refuses (taken, day full, or a rule on its date or time: SLOT_TAKEN or a 400 on
 * bookingDate/bookingTime) refreshes the slots and goes back to the times with its message; field
 * problems go back to the form; anything else is a 'Fout' toast.
 */
export function useConfirmBooking({
  event,
  fields,
  state,
  dispatch,
  embed,
  split,
  series = null,
  focusPolicy,
}: ReviewProps & {
  /** The weekly times chosen of a service with series (docs/PRODUCT.md#series); null: once. */
  series?: number | null;
  /** What this customer pays online and later (docs/PRODUCT.md#deposits); null for a free service. */
  split: Split | null;
  focusPolicy: () => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const create = useCreateBooking();
  const bookingPath = `/boek/${encodeURIComponent(event.slug)}${embed ? '?embed=true' : ''}`;
  // After booking the customer goes back to this booking page, never to the owner's login (#good-endings).
  const startPath = bookingPath;

  const onError = (error: unknown, fallback: string) => {
    // The owner's payment keys stopped working meanwhile: the page reloads the event and shows,
    // instead of the wizard, that online booking is not possible now.
    if (hasErrorCode(error, 'PAYMENTS_UNAVAILABLE')) {
      void queryClient.invalidateQueries({ queryKey: publicEventQueryKey(event.slug) });
      return;
    }
    const serverMessage = isApiError(error) ? error.serverMessage : undefined;
    const refusal = isApiError(error) ? bookingRefusal(error) : null;
    if (refusal?.kind === 'slot') {
      // The time step shows the message (role="alert") above the refreshed times.
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(event.id) });
      dispatch({ type: 'slotTaken', message: refusal.message });
      return;
    }
    if (refusal?.kind === 'policy') {
      dispatch({ type: 'policyError', message: refusal.message });
      focusPolicy();
      return;
    }
    const fieldErrors = isApiError(error) ? serverFieldErrors(error.fields) : {};
    if (Object.keys(fieldErrors).length > 0) {
      dispatch({ type: 'errors', errors: fieldErrors });
      dispatch({ type: 'goto', step: 'form' });
    }
    // The server's Dutch message for a request it refused as invalid or a customer the business does
    // not take online; a paid event's other refusals (payments not set up, provider refused, too
    // many tries) say more than the fallback as well.
    const useServer = event.requiresPayment
      ? isApiError(error) && error.code !== undefined && error.code !== 'INTERNAL'
      : hasErrorCode(error, 'VALIDATION', 'BAD_REQUEST', 'BOOKING_REFUSED');
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: (useServer && serverMessage) || fallback,
    });
  };
  const payment = useStartPayment({
    keyEventId: event.id,
    createIntent: createPaymentIntent,
    dispatch,
    onError: (error) => onError(error, nl.payments.initiateFailed),
  });

  const confirm = () => {
    if (!state.date || !state.time) {
      toast({ variant: 'destructive', title: b.notCompleteTitle, description: b.notCompleteText });
      return;
    }
    if (event.policyText && !state.policyAccepted) {
      dispatch({ type: 'policyError', message: b.policyRequired });
      focusPolicy();
      return;
    }
    const body = bookingBody(
      event,
      fields,
      state.answers,
      state.date,
      state.time,
      state.agendaId,
      state.policyAccepted,
      state.seats,
      series,
      state.textConsent,
    );
    // The split is known before the confirm is offered (the review step waits for it).
    if (event.requiresPayment && !split) return;
    const pending = pendingBooking(event, fields, body, startPath, bookingPath, split);
    // docs/PRODUCT.md#paid-flow: the pending booking is kept, a payment intent requested, then the
    // payment step; a customer not asked a deposit (#deposits) books like a free service.
    if (event.requiresPayment && paysOnline(split)) return payment.start(body, pending);
    create.mutate(body, {
      onSuccess: (created) => {
        bookingStorage.saveSummary(bookingSummary(pending, created));
        bookingStorage.clearPending();
        navigate(embed ? '/payment/success?embed=true' : '/payment/success');
      },
      onError: (error) => onError(error, b.bookFailed),
    });
  };

  return { confirm, pending: create.isPending || payment.pending };
}

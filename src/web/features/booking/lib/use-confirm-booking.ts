import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api-client';
import { useCreateBooking } from '../api/create-booking';
import { availabilityQueryKey } from '../api/get-month-availability';
import { bookingBody, bookingSummary, pendingBooking, serverFieldErrors } from './booking-payload';
import { bookingStorage } from './booking-storage';
import type { WizardAction, WizardState } from './wizard-state';

const b = nl.booking;

/**
 * The wizard's confirm: POST the booking, keep the summary (with the one-time management link) and go
 * to /payment/success. A slot taken in the meantime (409) refreshes the slots and goes back to the
 * times; field problems go back to the form; anything else is a 'Fout' toast.
 */
export function useConfirmBooking({
  event,
  fields,
  state,
  dispatch,
  embed,
}: {
  event: PublicEvent;
  fields: PublicField[];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  embed: boolean;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const create = useCreateBooking();
  const bookingPath = `/boek/${encodeURIComponent(event.slug)}${embed ? '?embed=true' : ''}`;
  const startPath = embed ? bookingPath : '/';

  const confirm = () => {
    if (!state.date || !state.time) {
      toast({ variant: 'destructive', title: b.notCompleteTitle, description: b.notCompleteText });
      return;
    }
    const body = bookingBody(event, fields, state.answers, state.date, state.time);
    const pending = pendingBooking(event, fields, body, startPath, bookingPath);
    // Spec §4 Paid flow: the pending booking is kept for the return from the card provider.
    if (event.requiresPayment) bookingStorage.savePending(pending);
    create.mutate(body, {
      onSuccess: (created) => {
        bookingStorage.saveSummary(bookingSummary(pending, created));
        bookingStorage.clearPending();
        navigate(embed ? '/payment/success?embed=true' : '/payment/success');
      },
      onError: (error) => {
        const status = isApiError(error) ? error.status : 0;
        const serverMessage = isApiError(error) ? error.serverMessage : undefined;
        if (status === 409) {
          void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(event.id) });
          toast({
            variant: 'destructive',
            title: nl.errors.genericTitle,
            description: serverMessage ?? b.slotTaken,
          });
          dispatch({ type: 'slotTaken' });
          return;
        }
        const fieldErrors = isApiError(error) ? serverFieldErrors(error.fields) : {};
        if (Object.keys(fieldErrors).length > 0) {
          dispatch({ type: 'errors', errors: fieldErrors });
          dispatch({ type: 'goto', step: 'form' });
        }
        toast({
          variant: 'destructive',
          title: nl.errors.genericTitle,
          description: (status === 400 && serverMessage) || b.bookFailed,
        });
      },
    });
  };

  return { confirm, pending: create.isPending };
}

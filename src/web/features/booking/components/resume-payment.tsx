/**
 * The payment this browser started and left (the tab was closed while paying), offered again on the
 * booking page while its hold lasts (docs/PRODUCT.md#paid-flow): 'Verder met betalen' takes it up,
 * 'Andere tijd kiezen' gives the slot back at once. Its own chunk: it loads only when a payment was kept.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useState, type Dispatch } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { Button } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { getManagedBooking } from '../api/get-managed-booking';
import { availabilityQueryKey } from '../api/get-month-availability';
import { bookingStorage } from '../lib/booking-storage';
import { forgetPayment, keptPayment, releasePayment } from '../lib/held-payment';
import type { PaymentSession, WizardAction } from '../lib/wizard-state';
import { clockTime } from './hold-timer';

const r = nl.resumePayment;

/** The wizard at the kept payment's step: its agenda choice, date, time and answers, then paying. */
function resume(payment: PaymentSession, dispatch: Dispatch<WizardAction>) {
  const { agendaId, bookingDate, bookingTime, customFieldResponses } = payment.pending.booking;
  dispatch({ type: 'pickAgenda', agendaId: agendaId ?? null });
  dispatch({ type: 'pickDate', date: bookingDate });
  dispatch({ type: 'pickTime', time: bookingTime });
  for (const [field, value] of Object.entries(customFieldResponses))
    dispatch({ type: 'answer', field, value });
  // The return from the card provider reads the booking being paid from here.
  bookingStorage.savePending(payment.pending);
  dispatch({ type: 'paymentStarted', payment });
}

export function ResumePayment({
  eventId,
  dispatch,
  onDone,
}: {
  eventId: string;
  dispatch: Dispatch<WizardAction>;
  /** Nothing (more) to offer: none kept, the hold was settled meanwhile, or it was taken up. */
  onDone: (offered: false) => void;
}) {
  const [payment] = useState(() => keptPayment(eventId));
  // Offered only once the server says the hold is still unpaid (paid at the bank meanwhile, or lapsed: not).
  const [open, setOpen] = useState(false);
  const [released, setReleased] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!payment) return onDone(false);
    let live = true;
    getManagedBooking(payment.managementToken).then(
      ({ booking }) => {
        if (!live) return;
        if (booking.status === 'pending') setOpen(true);
        else {
          forgetPayment(eventId);
          onDone(false);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [payment, eventId, onDone]);

  if (!payment) return null;
  const { bookingDate, bookingTime } = payment.pending.booking;
  return (
    <div role="status" className="mb-5 empty:hidden">
      {released ? (
        <p className="text-sm">{r.released}</p>
      ) : (
        open && (
          <section
            aria-labelledby="resume-title"
            className="space-y-3 rounded-xl border border-primary/40 bg-brand-soft px-4 py-3"
          >
            <h2 id="resume-title" className="flex items-center gap-2 font-semibold">
              <CreditCard aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {r.title}
            </h2>
            <p className="text-sm">
              {fill(r.text, {
                date: formatLongDutchDate(bookingDate),
                time: bookingTime,
                until: clockTime(payment.expiresAt) ?? '',
              })}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                onClick={() => {
                  resume(payment, dispatch);
                  onDone(false);
                }}
              >
                {r.resume}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setReleased(true);
                  // The days and times read while it was held show it free now.
                  void releasePayment(payment).then(() =>
                    queryClient.invalidateQueries({ queryKey: availabilityQueryKey(eventId) }),
                  );
                }}
              >
                {r.release}
              </Button>
            </div>
          </section>
        )
      )}
    </div>
  );
}

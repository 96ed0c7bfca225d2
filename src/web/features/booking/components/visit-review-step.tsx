import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Banknote, Check, CreditCard } from 'lucide-react';
import { useId, useMemo, useRef, type Dispatch } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreatedVisit } from '@contracts/public-visits';
import { deriveCustomer, keepFieldAnswers } from '@core/customer';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { formatCents, formatMoney } from '@core/money';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { hasErrorCode, isApiError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { publicEventQueryKey } from '../api/get-public-event';
import {
  createVisitPaymentIntent,
  useCreateVisit,
  useVisitQuote,
  visitAvailabilityQueryKey,
  visitEventsQueryKey,
} from '../api/visits';
import { hasDue, paysOnline } from '../lib/payment-split';
import { useStartPayment } from '../lib/use-start-payment';
import { basketTotals, visitBody, visitPlan, visitRefusal } from '../lib/visit-basket';
import { visitHasPayment, visitPendingBooking } from '../lib/visit-payment';
import type { WizardAction, WizardState } from '../lib/wizard-state';
import { answerItems, DetailsList, type DetailItem } from './details-list';
import { PaymentSplitNote } from './payment-split-note';
import { PolicyConsent } from './policy-text';
import { StepHeading } from './step-heading';

const w = nl.wizard;
const v = nl.visits;

/**
 * The visit's review: each service with its start and end (planned as the server places them), the
 * person, the answers and the totals; then one confirm for the whole visit. A time lost meanwhile
 * (409) goes back to the times with fresh availability and the server's message, as for one booking.
 * With a service paid online it says what this customer pays now and at the salon (the visit's
 * quote, asked once the e-mail is known) and its confirm goes to the payment step, through one
 * booking's paid flow (use-start-payment.ts); a quote of nothing online books as a free visit.
 */
export function VisitReviewStep({
  events,
  fields,
  agendas,
  state,
  dispatch,
  onDone,
  paths,
}: {
  events: PublicEvent[];
  fields: PublicField[];
  /** The people offered for the whole visit (none: no choice). */
  agendas: PublicEvent['agendas'];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  onDone: (visit: CreatedVisit) => void;
  /** The business page ('back' after booking) and this wizard ('Opnieuw proberen' after a failed payment). */
  paths: { startPath: string; bookingPath: string };
}) {
  const { date, time, answers } = state;
  const policyId = useId();
  const policyBox = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const create = useCreateVisit();
  const policies = [...new Set(events.map((e) => e.policyText).filter((p): p is string => !!p))];
  const totals = basketTotals(events);
  const plan = time ? visitPlan(events, time) : [];
  const person = agendas.length > 0 ? (agendas.find((a) => a.id === state.agendaId)?.name ?? null) : null;
  const paid = visitHasPayment(events);
  const email = useMemo(
    () => deriveCustomer(fields, keepFieldAnswers(fields, answers)).email,
    [fields, answers],
  );
  const services = useMemo(() => events.map((e) => ({ eventId: e.id })), [events]);
  const quote = useVisitQuote(services, email, paid);
  const split = paid ? (quote.data ?? null) : null;
  const online = paysOnline(split);
  const money = (amount: string) => formatMoney(amount, split?.currency ?? totals.currency);

  const items: DetailItem[] = [
    {
      label: w.date,
      value: date ? (
        <span className="inline-block first-letter:uppercase">{formatLongDutchDate(date)}</span>
      ) : (
        '—'
      ),
    },
    ...plan.map((s) => ({
      label: s.title,
      value: fill(v.segmentTime, { start: s.time, end: s.endTime }),
    })),
    ...(agendas.length > 0
      ? [{ label: nl.booking.agendaLabel, value: person ?? nl.booking.noPreference }]
      : []),
    { label: v.totalTime, value: fill(w.minutes, { count: totals.durationMinutes }) },
    ...answerItems(fields, answers),
  ];

  const onError = (error: unknown, fallback: string = nl.booking.bookFailed) => {
    // The owner's payment keys stopped working meanwhile: the services are read anew, and the page
    // then says that online booking is not possible now, as one service's page does.
    if (hasErrorCode(error, 'PAYMENTS_UNAVAILABLE')) {
      for (const e of events) queryClient.removeQueries({ queryKey: publicEventQueryKey(e.slug) });
      void queryClient.invalidateQueries({ queryKey: visitEventsQueryKey });
      return;
    }
    const refusal = isApiError(error) ? visitRefusal(error) : null;
    if (refusal?.kind === 'slot') {
      // The time step shows the message above the visit's refreshed times.
      void queryClient.invalidateQueries({ queryKey: visitAvailabilityQueryKey(events.map((e) => e.id)) });
      dispatch({ type: 'slotTaken', message: refusal.message });
      return;
    }
    if (refusal?.kind === 'policy') {
      dispatch({ type: 'policyError', message: refusal.message });
      policyBox.current?.focus();
      return;
    }
    if (refusal?.kind === 'form') {
      dispatch({ type: 'errors', errors: refusal.errors });
      dispatch({ type: 'goto', step: 'form' });
    }
    // The server's Dutch message for a request it refused (not combinable, a person not for all…);
    // with a payment its other refusals (provider refused, too many tries) say more than the fallback.
    const useServer = paid
      ? isApiError(error) && error.code !== undefined && error.code !== 'INTERNAL'
      : hasErrorCode(error, 'VALIDATION', 'BAD_REQUEST', 'BOOKING_REFUSED', 'NOT_FOUND');
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: (useServer && isApiError(error) && error.serverMessage) || fallback,
    });
  };
  const payment = useStartPayment({
    // The owner's key is asked by a service of theirs that is paid online.
    keyEventId: (events.find((e) => e.requiresPayment) ?? events[0]!).id,
    createIntent: createVisitPaymentIntent,
    dispatch,
    onError: (error) => onError(error, nl.payments.initiateFailed),
  });
  const pending = create.isPending || payment.pending;

  const confirm = () => {
    if (!date || !time) {
      toast({
        variant: 'destructive',
        title: nl.booking.notCompleteTitle,
        description: nl.booking.notCompleteText,
      });
      return;
    }
    if (policies.length > 0 && !state.policyAccepted) {
      dispatch({ type: 'policyError', message: nl.booking.policyRequired });
      policyBox.current?.focus();
      return;
    }
    const body = visitBody(
      events,
      fields,
      answers,
      date,
      time,
      state.agendaId,
      state.policyAccepted,
      state.textConsent,
    );
    // The quote is there before the confirm is offered (the button waits for it).
    if (paid && !split) return;
    if (split && online) return payment.start(body, visitPendingBooking(events, fields, body, split, paths));
    create.mutate(body, {
      onSuccess: (visit) => {
        void queryClient.invalidateQueries({ queryKey: visitAvailabilityQueryKey(events.map((e) => e.id)) });
        onDone(visit);
      },
      onError: (error) => onError(error),
    });
  };

  return (
    <section aria-labelledby="step-title">
      <StepHeading title={v.reviewTitle} text={v.reviewText} focus={state.moved} />
      <DetailsList items={items} />
      {paid ? (
        <PaymentSplitNote
          text={
            split &&
            (online
              ? hasDue(split)
                ? fill(v.payNowLater, { payNow: money(split.payNow), dueLater: money(split.dueLater) })
                : fill(v.payNowNotice, { amount: money(split.payNow) })
              : fill(v.payAtSalon, { amount: money(split.dueLater) }))
          }
          failed={quote.isError}
          onRetry={() => void quote.refetch()}
        />
      ) : (
        totals.priceCents > 0 && (
          <div role="note" className="mt-4 flex items-start gap-3 rounded-xl border p-4 text-sm">
            <Banknote aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            <p>{fill(v.payAtSalon, { amount: formatCents(totals.priceCents, totals.currency) })}</p>
          </div>
        )
      )}
      {policies.length > 0 && (
        <PolicyConsent
          id={policyId}
          text={policies.join('\n\n')}
          accepted={state.policyAccepted}
          error={state.policyError}
          onChange={(accepted) => dispatch({ type: 'acceptPolicy', accepted })}
          boxRef={policyBox}
        />
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          size="lg"
          onClick={() => dispatch({ type: 'goto', step: 'form' })}
          disabled={pending}
        >
          <ArrowLeft aria-hidden="true" />
          {w.back}
        </Button>
        <Button size="lg" onClick={confirm} disabled={pending || (paid && !split)} aria-live="polite">
          {pending ? w.sending : online ? w.toPayment : w.confirm}
          {!pending && (online ? <CreditCard aria-hidden="true" /> : <Check aria-hidden="true" />)}
        </Button>
      </div>
    </section>
  );
}

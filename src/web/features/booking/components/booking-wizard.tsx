import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { monthOf } from '@core/time';
import { fill } from '@web/lib/fill-message';
import { getMonthAvailabilityQueryOptions, useMonthAvailability } from '../api/get-month-availability';
import { choosableAgendas, freeAt } from '../lib/agenda-choice';
import { useAnnounce } from '../lib/announcer';
import { useAvailabilityMonth } from '../lib/use-availability-month';
import { inFrame } from '../lib/in-frame';
import { initialWizardState, hasKeptPayment, stepsFor, wizardReducer } from '../lib/wizard-state';
import { DateStep } from './date-step';
import { ProgressSteps } from './progress-steps';
import { StepSkeleton } from './step-skeleton';
import { TimeStep } from './time-step';

// The form and review steps (phone rules, country list, the booking request) load only once the
// visitor picked a date, which keeps what /boek/{slug} loads before the first interaction small.
const loadFormStep = () => import('./form-step');
const loadReviewStep = () => import('./review-step');
const FormStep = lazy(() => loadFormStep().then((m) => ({ default: m.FormStep })));
const ReviewStep = lazy(() => loadReviewStep().then((m) => ({ default: m.ReviewStep })));
// Stripe's code is in the payment step's chunk alone: it loads once the visitor reaches that step,
// never before (not preloaded with the steps above).
const loadPaymentStep = () => import('./payment-step');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));
// With the payment step, and only when this browser kept a payment of the event (a tab closed while paying).
const ResumePayment = lazy(() => loadPaymentStep().then((m) => ({ default: m.ResumePayment })));
// docs/PRODUCT.md#classes: a class's times with their places left, in a chunk of its own.
const ClassTimeStep = lazy(() => import('./class-time-step'));
// docs/PRODUCT.md#visits: 'Nog een dienst toevoegen', only for a service that can be combined.
const AddService = lazy(() => import('./add-service'));
// docs/PRODUCT.md#waitlist: a full time or day can be waited for, only for a service that has it.
const WaitlistOffer = lazy(() => import('./waitlist-offer'));

interface BookingWizardProps {
  event: PublicEvent;
  fields: PublicField[] | undefined;
  fieldsError: boolean;
  onRetryFields: () => void;
  embed: boolean;
}

/** The steps of docs/PRODUCT.md#booking-wizard; the review step sends the booking. */
export function BookingWizard({ event, fields, fieldsError, onRetryFields, embed }: BookingWizardProps) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const queryClient = useQueryClient();
  const availability = useAvailabilityMonth(event, state.agendaId);
  const steps = stepsFor(event.requiresPayment);
  const [kept, setKept] = useState(() => event.requiresPayment && hasKeptPayment(event.id));
  const announce = useAnnounce();

  // The server refused the chosen time (taken, a booking rule): the time step that shows why is
  // new in the page, so the page's live region says it, until the visitor picks again.
  useEffect(() => {
    announce(state.slotNotice ?? '');
  }, [state.slotNotice, announce]);

  useEffect(() => {
    if (state.step === 'date') return;
    void loadFormStep();
    void loadReviewStep();
  }, [state.step]);

  // The chosen day's slots come from its month's availability: the same cached request. Another
  // month's, or another agenda's, data kept while loading would show the wrong slots.
  const dayMonth = useMonthAvailability(
    event.id,
    state.date ? monthOf(state.date) : undefined,
    state.agendaId,
  );
  const dayData =
    dayMonth.data?.month === (state.date && monthOf(state.date)) && !dayMonth.isPlaceholderData
      ? dayMonth.data
      : undefined;
  const slots = dayData ? (dayData.days.find((d) => d.date === state.date)?.slots ?? []) : undefined;

  // Another preference changes which slots are free: a time picked before stays only while it is
  // still free in the new choice's availability (fetched now, or from the cache).
  const pickAgenda = (agendaId: string | null) => {
    dispatch({ type: 'pickAgenda', agendaId });
    const { date, time } = state;
    if (!date || !time) return;
    queryClient.fetchQuery(getMonthAvailabilityQueryOptions(event.id, monthOf(date), agendaId)).then(
      (month) => {
        if (freeAt(month.days, date, time)) return;
        dispatch({ type: 'timeGone', date, time, agendaId });
        announce(fill(nl.wizard.timeGone, { time }));
      },
      // The date step shows a failed load with its retry; the server checks the slot on booking anyway.
      () => undefined,
    );
  };

  // Focus follows the step only after the visitor moved; the first render leaves focus alone.
  const focus = state.moved;
  const Times = event.seats > 1 ? ClassTimeStep : TimeStep;
  return (
    <div className="space-y-6 sm:space-y-8">
      <ProgressSteps steps={steps} current={state.step} />
      <div className="min-h-[22rem]">
        {kept && state.step === 'date' && (
          <Suspense>
            <ResumePayment eventId={event.id} dispatch={dispatch} onDone={setKept} />
          </Suspense>
        )}
        {state.step === 'date' && (
          <DateStep
            availability={availability}
            selected={state.date}
            focusHeading={focus}
            onPick={(date) => dispatch({ type: 'pickDate', date })}
            agendas={choosableAgendas(event)}
            agendaId={state.agendaId}
            onPickAgenda={pickAgenda}
          />
        )}
        {state.step === 'date' && event.allowCombinations && (
          <Suspense>
            <AddService event={event} embed={embed} />
          </Suspense>
        )}
        <Suspense fallback={<StepSkeleton />}>
          {state.step === 'time' && state.date && (
            <Times
              date={state.date}
              slots={slots}
              selected={state.time}
              focusHeading={focus}
              notice={state.slotNotice}
              onBack={() => dispatch({ type: 'goto', step: 'date' })}
              onPick={(time) => dispatch({ type: 'pickTime', time })}
            />
          )}
          {state.step === 'form' && (
            <FormStep
              fields={fields}
              fieldsError={fieldsError}
              onRetry={onRetryFields}
              event={event}
              state={state}
              dispatch={dispatch}
              focusHeading={focus}
              privacyUrl={event.business.privacyUrl}
            />
          )}
          {state.step === 'review' && fields && (
            <ReviewStep event={event} fields={fields} state={state} dispatch={dispatch} embed={embed} />
          )}
          {state.step === 'payment' && state.payment && (
            <PaymentStep
              key={state.payment.clientSecret}
              event={event}
              payment={state.payment}
              onBack={() => dispatch({ type: 'goto', step: 'review' })}
              onChooseTime={() => dispatch({ type: 'slotTaken' })}
              // docs/PRODUCT.md#embed-payment: a framed embed pays in a new window (bank pages refuse frames).
              payInNewWindow={embed && inFrame()}
              focusHeading={focus}
            />
          )}
        </Suspense>
        {event.waitlistEnabled && (
          <Suspense>
            <WaitlistOffer event={event} state={state} availability={availability} slots={slots} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

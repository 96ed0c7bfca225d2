import { lazy, Suspense, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreatedVisit } from '@contracts/public-visits';
import { monthOf } from '@core/time';
import {
  getVisitAvailabilityQueryOptions,
  useVisitAvailability,
  visitAvailabilityQueryKey,
} from '../api/visits';
import { useAnnounce } from '../lib/announcer';
import { bookableMonths, useMonthSteps } from '../lib/use-availability-month';
import { sharedAgendas, visitFields, visitMonths } from '../lib/visit-basket';
import { visitHasPayment, visitPaymentEvent } from '../lib/visit-payment';
import { initialWizardState, stepsFor, wizardReducer } from '../lib/wizard-state';
import { DateStep } from './date-step';
import { ProgressSteps } from './progress-steps';
import { StepSkeleton } from './step-skeleton';
import { TimeStep } from './time-step';
import { VisitReviewStep } from './visit-review-step';

// The same form step as one service's wizard, with the union of the services' fields.
const FormStep = lazy(() => import('./form-step').then((m) => ({ default: m.FormStep })));
// One booking's payment step (and Stripe's code), loaded only when a visit with a paid service gets there.
const PaymentStep = lazy(() => import('./payment-step').then((m) => ({ default: m.PaymentStep })));

/**
 * The wizard of a visit (docs/PRODUCT.md#visits): the steps of one service's wizard (date, time,
 * form, review) and its reducer, over the visit's availability (a time is free only when every
 * service fits after it) and the union of the services' fields; the review books the visit. With a
 * service paid online the payment step follows, one booking's (docs/PRODUCT.md#paid-flow): the visit
 * is held while the customer pays and confirmed as a whole. Inside a framed embed the card form shows
 * in the frame too: the new-window payment (docs/PRODUCT.md#embed-payment) is one service's page.
 * `children` (the services and 'Nog een dienst toevoegen') show on the date step.
 */
export function VisitWizard({
  events,
  fieldLists,
  fieldsError,
  onRetryFields,
  onDone,
  paths,
  onPaying,
  children,
}: {
  events: PublicEvent[];
  /** Each service's fields, undefined while any is loading. */
  fieldLists: PublicField[][] | undefined;
  fieldsError: boolean;
  onRetryFields: () => void;
  onDone: (visit: CreatedVisit) => void;
  /** The business page and this wizard's address, for the paid flow's result pages. */
  paths: { startPath: string; bookingPath: string };
  /** Whether the payment step is shown: the visit's services are then held, not to be changed. */
  onPaying?: (paying: boolean) => void;
  children?: ReactNode;
}) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const key = events.map((e) => e.id).join(',');
  const ids = useMemo(() => key.split(','), [key]);
  const fields = useMemo(() => (fieldLists ? visitFields(fieldLists) : undefined), [fieldLists]);
  const agendas = sharedAgendas(events);
  // A person no longer offered by every service is not sent (the server would refuse it).
  const agendaId = agendas.some((a) => a.id === state.agendaId) ? state.agendaId : null;
  const availability = useMonthSteps(
    () => visitMonths(events.map((e) => bookableMonths(e))),
    (month) => getVisitAvailabilityQueryOptions(ids, month, agendaId),
  );
  const announce = useAnnounce();

  useEffect(() => {
    announce(state.slotNotice ?? '');
  }, [state.slotNotice, announce]);

  const paying = state.step === 'payment';
  useEffect(() => onPaying?.(paying), [paying, onPaying]);

  const dayMonth = useVisitAvailability(ids, state.date ? monthOf(state.date) : '', agendaId);
  const dayData =
    dayMonth.data?.month === (state.date && monthOf(state.date)) && !dayMonth.isPlaceholderData
      ? dayMonth.data
      : undefined;
  const slots = dayData ? (dayData.days.find((d) => d.date === state.date)?.slots ?? []) : undefined;
  const focus = state.moved;
  const privacyUrl = events[0]?.business.privacyUrl ?? null;
  const paid = visitHasPayment(events);

  return (
    <div className="space-y-6 sm:space-y-8">
      <ProgressSteps steps={stepsFor(paid)} current={state.step} />
      <div className="min-h-[22rem]">
        {state.step === 'date' && (
          <>
            <DateStep
              availability={availability}
              selected={state.date}
              focusHeading={focus}
              onPick={(date) => dispatch({ type: 'pickDate', date })}
              agendas={agendas}
              agendaId={agendaId}
              onPickAgenda={(id) => dispatch({ type: 'pickAgenda', agendaId: id })}
            />
            {children}
          </>
        )}
        {state.step === 'time' && state.date && (
          <TimeStep
            date={state.date}
            slots={slots}
            selected={state.time}
            focusHeading={focus}
            notice={state.slotNotice}
            onBack={() => dispatch({ type: 'goto', step: 'date' })}
            onPick={(time) => dispatch({ type: 'pickTime', time })}
          />
        )}
        <Suspense fallback={<StepSkeleton />}>
          {state.step === 'form' && (
            <FormStep
              // The first service's messages tell the visit: its texts are the ones the customer may ask for.
              event={events[0]}
              fields={fields}
              fieldsError={fieldsError}
              onRetry={onRetryFields}
              state={state}
              dispatch={dispatch}
              focusHeading={focus}
              privacyUrl={privacyUrl}
            />
          )}
          {state.step === 'payment' && state.payment && (
            <PaymentStep
              key={state.payment.clientSecret}
              event={visitPaymentEvent(events, state.payment.pending)}
              payment={state.payment}
              onBack={() => dispatch({ type: 'goto', step: 'review' })}
              onChooseTime={() => dispatch({ type: 'slotTaken' })}
              availabilityKey={visitAvailabilityQueryKey(ids)}
              focusHeading={focus}
            />
          )}
        </Suspense>
        {state.step === 'review' && fields && (
          <VisitReviewStep
            events={events}
            fields={fields}
            agendas={agendas}
            state={{ ...state, agendaId }}
            dispatch={dispatch}
            onDone={onDone}
            paths={paths}
          />
        )}
      </div>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Banknote, Check } from 'lucide-react';
import { useId, useRef, type Dispatch } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreatedVisit } from '@contracts/public-visits';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { formatCents } from '@core/money';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { hasErrorCode, isApiError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useCreateVisit, visitAvailabilityQueryKey } from '../api/visits';
import { basketTotals, visitBody, visitPlan, visitRefusal } from '../lib/visit-basket';
import type { WizardAction, WizardState } from '../lib/wizard-state';
import { answerItems, DetailsList, type DetailItem } from './details-list';
import { PolicyConsent } from './policy-text';
import { StepHeading } from './step-heading';

const w = nl.wizard;
const v = nl.visits;

/**
 * The visit's review: each service with its start and end (planned as the server places them), the
 * person, the answers and the totals; then one confirm for the whole visit. A time lost meanwhile
 * (409) goes back to the times with fresh availability and the server's message, as for one booking.
 */
export function VisitReviewStep({
  events,
  fields,
  agendas,
  state,
  dispatch,
  onDone,
}: {
  events: PublicEvent[];
  fields: PublicField[];
  /** The people offered for the whole visit (none: no choice). */
  agendas: PublicEvent['agendas'];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  onDone: (visit: CreatedVisit) => void;
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

  const onError = (error: unknown) => {
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
    // The server's Dutch message for a request it refused (not combinable, a person not for all…).
    const useServer = hasErrorCode(error, 'VALIDATION', 'BAD_REQUEST', 'BOOKING_REFUSED', 'NOT_FOUND');
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: (useServer && error.serverMessage) || nl.booking.bookFailed,
    });
  };

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
    const body = visitBody(events, fields, answers, date, time, state.agendaId, state.policyAccepted);
    create.mutate(body, {
      onSuccess: (visit) => {
        void queryClient.invalidateQueries({ queryKey: visitAvailabilityQueryKey(events.map((e) => e.id)) });
        onDone(visit);
      },
      onError,
    });
  };

  return (
    <section aria-labelledby="step-title">
      <StepHeading title={v.reviewTitle} text={v.reviewText} focus={state.moved} />
      <DetailsList items={items} />
      {totals.priceCents > 0 && (
        <div role="note" className="mt-4 flex items-start gap-3 rounded-xl border p-4 text-sm">
          <Banknote aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p>{fill(v.payAtSalon, { amount: formatCents(totals.priceCents, totals.currency) })}</p>
        </div>
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
          disabled={create.isPending}
        >
          <ArrowLeft aria-hidden="true" />
          {w.back}
        </Button>
        <Button size="lg" onClick={confirm} disabled={create.isPending} aria-live="polite">
          {create.isPending ? w.sending : w.confirm}
          {!create.isPending && <Check aria-hidden="true" />}
        </Button>
      </div>
    </section>
  );
}

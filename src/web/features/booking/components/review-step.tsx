import { ArrowLeft, Banknote, CreditCard, Check, Info } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { slotEnd } from '@core/availability';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { deriveCustomer, keepFieldAnswers } from '@core/customer';
import { changeDeadlines, onlineChanges } from '@core/booking-rules';
import { formatMoney } from '@core/money';
import { priceLine } from '@core/price-line';
import { zonedTimeToUtc } from '@core/timezone';
import { Button } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { agendaNameOf, choosableAgendas } from '../lib/agenda-choice';
import { classPrice } from '../lib/class-seats';
import { hasDue, paysOnline, usePaymentSplit } from '../lib/payment-split';
import { useConfirmBooking, type ReviewProps } from '../lib/use-confirm-booking';
import { answerItems, DetailsList, type DetailItem } from './details-list';
import { PaymentSplitNote } from './payment-split-note';
import { PolicyConsent } from './policy-text';
import { StepHeading } from './step-heading';

const w = nl.wizard;
// docs/PRODUCT.md#series: 'Hoe vaak?' and the series' dates, only for a service that offers series.
const SeriesChoice = lazy(() => import('./series-parts').then((m) => ({ default: m.SeriesChoice })));

/** Step 4: everything the visitor chose and filled in, then confirm (or go to payment). */
export function ReviewStep({ event, fields, state, dispatch, embed }: ReviewProps) {
  const { date, time, answers } = state;
  const policyId = useId();
  const policyBox = useRef<HTMLInputElement>(null);
  // The weekly times chosen (null: once); undefined until the series choice has loaded and said
  // which, so a confirm never books once what the customer chose as a series.
  const offersSeries = event.seriesOptions.length > 0;
  const [series, setSeries] = useState<number | null | undefined>(offersSeries ? undefined : null);
  // docs/PRODUCT.md#deposits: what this customer pays online depends, for a deposit asked of new
  // customers only, on their e-mail address; the server answers that with the same rule.
  const email = useMemo(
    () => deriveCustomer(fields, keepFieldAnswers(fields, answers)).email,
    [fields, answers],
  );
  const {
    split,
    loading: splitLoading,
    failed: splitFailed,
    retry: retrySplit,
  } = usePaymentSplit(event, email, state.seats, series ?? null);
  const online = event.requiresPayment && paysOnline(split);
  const { confirm: onConfirm, pending } = useConfirmBooking({
    event,
    fields,
    state,
    dispatch,
    embed,
    split,
    series: series ?? null,
    focusPolicy: () => policyBox.current?.focus(),
  });
  const onBack = () => dispatch({ type: 'goto', step: 'form' });
  const end = time ? slotEnd(time, event.durationMinutes) : null;
  // docs/PRODUCT.md#classes: a class books places, each at the service's price.
  const isClass = event.seats > 1;
  const seatsPrice =
    isClass && state.seats > 1 ? classPrice(event.paymentAmount, event.currency, state.seats) : null;
  const items: DetailItem[] = [
    { label: w.event, value: event.title },
    {
      label: w.date,
      value: date ? (
        <span className="first-letter:uppercase inline-block">{formatLongDutchDate(date)}</span>
      ) : (
        '—'
      ),
    },
    { label: w.time, value: time ? `${time}${end ? ` – ${end}` : ''}` : '—' },
    // The preference asked on the date step, so a wrong choice is caught before confirming.
    ...(choosableAgendas(event).length > 0
      ? [
          {
            label: nl.booking.agendaLabel,
            value: agendaNameOf(event, state.agendaId) ?? nl.booking.noPreference,
          },
        ]
      : []),
    ...(isClass ? [{ label: nl.classes.seatsLabel, value: String(state.seats) }] : []),
    ...(seatsPrice ? [{ label: w.price, value: seatsPrice.line }] : []),
    ...answerItems(fields, answers),
  ];
  // Booked inside a cut-off, the appointment cannot be changed online from the start: said before
  // booking, by the same rule the e-mail and the manage page use.
  const changes =
    date && time
      ? onlineChanges(changeDeadlines(zonedTimeToUtc(date, time, event.timeZone), event), new Date())
      : null;
  const closedAhead = !changes?.someClosed
    ? null
    : changes.allClosed
      ? nl.policy.closedAhead.both
      : !changes.reschedule
        ? nl.policy.closedAhead.reschedule
        : nl.policy.closedAhead.cancel;
  const money = (amount: string) => formatMoney(amount, event.currency);
  // A price that is not paid online is paid at the salon: said before the customer confirms.
  const atSalon = priceLine(seatsPrice ? { ...event, paymentAmount: seatsPrice.total } : event);
  const waiting = event.requiresPayment && (splitLoading || splitFailed || !split);

  return (
    <section aria-labelledby="step-title">
      <StepHeading title={w.reviewTitle} text={w.reviewText} focus={state.moved} />
      <DetailsList items={items} />
      {offersSeries && date && time && (
        <Suspense>
          <SeriesChoice
            eventId={event.id}
            options={event.seriesOptions}
            date={date}
            time={time}
            onChange={setSeries}
          />
        </Suspense>
      )}
      {event.requiresPayment && (
        <PaymentSplitNote
          text={
            split &&
            (!online
              ? fill(nl.deposit.payAtSalon, { amount: money(split.dueLater) })
              : hasDue(split)
                ? fill(nl.deposit.split, { payNow: money(split.payNow), dueLater: money(split.dueLater) })
                : fill(w.paymentNotice, { amount: money(split.payNow) }))
          }
          failed={splitFailed}
          onRetry={retrySplit}
        />
      )}
      {atSalon.kind === 'atSalon' && (
        <div role="note" className="mt-4 flex items-start gap-3 rounded-xl border p-4 text-sm">
          <Banknote aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p>{fill(w.payAtSalonNotice, { amount: atSalon.amount })}</p>
        </div>
      )}
      {closedAhead && (
        <p
          role="note"
          data-testid="changes-closed-ahead"
          className="mt-4 flex items-start gap-3 rounded-xl border bg-muted/50 p-4 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          {closedAhead}
        </p>
      )}
      {event.policyText && (
        <PolicyConsent
          id={policyId}
          text={event.policyText}
          accepted={state.policyAccepted}
          error={state.policyError}
          onChange={(accepted) => dispatch({ type: 'acceptPolicy', accepted })}
          boxRef={policyBox}
        />
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" onClick={onBack} disabled={pending}>
          <ArrowLeft aria-hidden="true" />
          {w.back}
        </Button>
        <Button
          size="lg"
          onClick={onConfirm}
          disabled={pending || waiting || series === undefined}
          aria-live="polite"
        >
          {pending ? w.sending : online ? w.toPayment : w.confirm}
          {!pending && (online ? <CreditCard aria-hidden="true" /> : <Check aria-hidden="true" />)}
        </Button>
      </div>
    </section>
  );
}

import { lazy, Suspense, useState } from 'react';
import { nlPublicWaitlist } from '@contracts/messages-public-waitlist';
import type { PublicEvent } from '@contracts/public-booking';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { waitlistRefusal } from '@core/waitlist';
import { Button } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import type { AvailabilityMonth } from '../lib/use-availability-month';
import type { WizardState } from '../lib/wizard-state';
import type { Slot } from './slot-grid';
import { StepSkeleton } from './step-skeleton';

const w = nlPublicWaitlist.waitlist;
// The form itself (its checks, the request) loads only once the visitor chooses to wait.
const JoinForm = lazy(() => import('./waitlist-join-form'));

/** What is waited for: a time of a day, or (time null) any time of that day. */
export interface WaitTarget {
  date: string;
  time: string | null;
  /** That day's slots, to offer only the places one may wait for. */
  slots: readonly Slot[];
}

/**
 * The waitlist's offer on the booking page (docs/PRODUCT.md#waitlist), below the date and time
 * steps of a service that has one: the full times of the chosen day, the day itself when no time
 * fits, and on the date step the month's days without a free time. What is offered is core's
 * `waitlistRefusal`, the server's own decision, for the places chosen so far. A chunk of its own:
 * a service without a waitlist loads none of it.
 */
export default function WaitlistOffer({
  event,
  state,
  availability,
  slots,
}: {
  event: PublicEvent;
  state: WizardState;
  availability: AvailabilityMonth;
  /** The chosen day's slots on the time step (undefined while they load). */
  slots: Slot[] | undefined;
}) {
  // The form opened on one step closes when the visitor moves to another.
  const [opened, setOpened] = useState<(WaitTarget & { step: string }) | null>(null);
  const target = opened?.step === state.step ? opened : null;
  const setTarget = (t: WaitTarget | null) => setOpened(t && { ...t, step: state.step });
  const seats = state.seats;
  const onTimeStep = state.step === 'time' && state.date;
  const { query } = availability;
  const monthDays =
    availability.freeDays && query.data && !query.isPlaceholderData ? query.data.days : undefined;
  const fullDays =
    state.step === 'date'
      ? (monthDays ?? []).filter((d) => d.slots.length > 0 && waitlistRefusal(d.slots, null, seats) === null)
      : [];
  const fullTimes =
    onTimeStep && slots
      ? slots.filter((s) => waitlistRefusal(slots, s.time, seats) === null).map((s) => s.time)
      : [];
  const dayWaitable = Boolean(onTimeStep && slots && waitlistRefusal(slots, null, seats) === null);

  if (target) {
    return (
      <Suspense fallback={<StepSkeleton />}>
        <JoinForm event={event} target={target} initialSeats={seats} onCancel={() => setTarget(null)} />
      </Suspense>
    );
  }
  if (onTimeStep && (fullTimes.length > 0 || dayWaitable)) {
    const date = state.date!;
    return (
      <section aria-labelledby="waitlist-offer-title" className="mt-6 rounded-xl border bg-muted/40 p-4">
        <h2 id="waitlist-offer-title" className="text-base font-semibold">
          {w.offerTitle}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {dayWaitable ? w.joinDayIntro : w.offerTimesText}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {dayWaitable && (
            <Button size="sm" onClick={() => setTarget({ date, time: null, slots: slots! })}>
              {w.joinOpenDay}
            </Button>
          )}
          {fullTimes.map((time) => (
            <Button
              key={time}
              size="sm"
              variant="outline"
              onClick={() => setTarget({ date, time, slots: slots! })}
            >
              {fill(w.joinOpenTime, { time })}
            </Button>
          ))}
        </div>
      </section>
    );
  }
  if (fullDays.length > 0) {
    return (
      <section aria-labelledby="waitlist-days-title" className="mt-6 rounded-xl border bg-muted/40 p-4">
        <h2 id="waitlist-days-title" className="text-base font-semibold">
          {w.fullDaysTitle}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{w.fullDaysText}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {fullDays.map((d) => (
            <li key={d.date}>
              <Button
                variant="outline"
                className="h-auto min-h-11 w-full justify-start text-left whitespace-normal"
                onClick={() => setTarget({ date: d.date, time: null, slots: d.slots })}
              >
                {fill(w.fullDayButton, { date: formatLongDutchDate(d.date) })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return null;
}

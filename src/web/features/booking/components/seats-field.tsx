import { useEffect, useId, type Dispatch } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent } from '@contracts/public-booking';
import { monthOf } from '@core/time';
import { Label } from '@web/components/ui/label';
import { fill } from '@web/lib/fill-message';
import { useMonthAvailability } from '../api/get-month-availability';
import { maxSeatsAt, seatsLeftAt } from '../lib/class-seats';
import type { WizardAction, WizardState } from '../lib/wizard-state';

const c = nl.classes;

/**
 * 'Aantal plekken' of a class whose bookings may take more than one place (docs/PRODUCT.md#classes):
 * 1 to the service's maximum per booking, no more than the chosen time has left. A native select:
 * keyboard and screen readers know it, and it is as wide as the form's other inputs.
 */
export function SeatsField({
  event,
  state,
  dispatch,
}: {
  event: PublicEvent;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const id = useId();
  // The month the time step showed: the same cached request.
  const month = useMonthAvailability(event.id, state.date ? monthOf(state.date) : undefined, state.agendaId);
  const max = maxSeatsAt(event.maxSeatsPerBooking, seatsLeftAt(month.data?.days, state.date, state.time));
  // Another time with fewer places left: the choice shrinks with it rather than being refused later.
  useEffect(() => {
    if (state.seats > max) dispatch({ type: 'seats', seats: max });
  }, [state.seats, max, dispatch]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{c.seatsLabel}</Label>
      <select
        id={id}
        value={Math.min(state.seats, max)}
        onChange={(e) => dispatch({ type: 'seats', seats: Number(e.target.value) })}
        aria-describedby={`${id}-hint`}
        className="h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:w-40 md:text-sm"
      >
        {Array.from({ length: max }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {fill(c.seatsHint, { count: max })}
      </p>
    </div>
  );
}

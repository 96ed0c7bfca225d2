/**
 * What the booking page shows instead of the wizard: loaded only when it is needed, so a visitor
 * who can book does not download it with the first screen.
 */
import { CalendarOff, SearchX } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import { StatusPanel } from './status-panel';

/** No such service, or a link the server cannot read. */
export function EventNotFound() {
  return (
    <StatusPanel icon={SearchX} title={nl.booking.eventNotFound}>
      {nl.wizard.eventNotFoundText}
    </StatusPanel>
  );
}

/**
 * The first step of a paid service whose owner cannot take payments now (no working payment keys):
 * said before the visitor picks anything, instead of a refusal after four steps.
 */
export function BookingUnavailable() {
  return (
    <section
      aria-labelledby="booking-unavailable"
      className="flex flex-col items-center gap-4 py-6 text-center"
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground"
      >
        <CalendarOff className="size-7" />
      </span>
      <div className="space-y-2">
        <h2 id="booking-unavailable" className="text-xl font-semibold tracking-tight text-balance">
          {nl.bookingUnavailable.title}
        </h2>
        <p className="mx-auto max-w-md text-sm text-balance text-muted-foreground">
          {nl.bookingUnavailable.text}
        </p>
      </div>
    </section>
  );
}

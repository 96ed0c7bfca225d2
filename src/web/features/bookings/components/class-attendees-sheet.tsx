import { Mail, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import type { ClassSessionDto } from '@contracts/class-sessions';
import { nl } from '@contracts/messages';
import { formatLongDutchDate, slotEnd } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAgendas } from '@web/lib/agendas';
import { hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { useClassSession } from '../api/get-class-session';
import { agendaTint } from './agenda-booking';
import { BookingActions, type BookingAction } from './booking-actions';
import { BookingMoney } from './booking-money';
import { BookingStateBadges, RefundFailure } from './booking-state-badges';
import { ClassMessageDialog } from './class-message-dialog';
import { ClassWaitlist } from './class-waitlist';
import type { NewBookingStart } from './new-booking-dialog';

const t = nl.classAttendees;

/**
 * A class time's attendee list in a panel from the right (docs/PRODUCT.md#classes), opened from its
 * block on the agenda: the service, date, time, agenda and places sold, then every attendee with
 * their places, payment and state. Each attendee's actions are the bookings list's (no-show, edit,
 * cancel with its refund choice, delete), opening the page's own dialogs on top of the panel; a name
 * opens the booking's details. 'Deelnemer toevoegen' opens the owner's new booking at this class.
 */
export function ClassAttendeesSheet({
  sessionId,
  open,
  onOpenChange,
  onAction,
  onOpenBooking,
  onAdd,
  onCloseAutoFocus,
}: {
  sessionId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  onOpenBooking: (booking: OwnerBookingDto, from: HTMLElement) => void;
  /** The owner's new booking, prefilled with this class; left out without `bookings.manual`. */
  onAdd?: (start: NewBookingStart) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const session = useClassSession(sessionId);
  const gone = hasErrorCode(session.error, 'NOT_FOUND');
  useEffect(() => {
    if (open && gone) onOpenChange(false);
  }, [open, gone, onOpenChange]);
  const [mailing, setMailing] = useState(false);
  const data = session.data;
  const live = data?.attendees.filter((a) => a.status !== 'cancelled') ?? [];

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-full gap-0 sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
        // The panel itself takes focus: a screen reader starts at the title.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        {data ? (
          <>
            <Header dto={data} />
            <div
              tabIndex={0}
              className="grid flex-1 content-start gap-6 overflow-y-auto px-6 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Facts dto={data} />
              <div className="flex flex-wrap gap-2">
                {onAdd && (
                  <Button
                    size="sm"
                    disabled={data.session.seatsTaken >= data.session.capacity}
                    onClick={() =>
                      onAdd({
                        eventId: data.session.eventId,
                        date: data.session.date,
                        time: data.session.time,
                        agendaId: data.session.agendaId,
                      })
                    }
                  >
                    <UserPlus aria-hidden="true" />
                    {t.add}
                  </Button>
                )}
                <Button size="sm" variant="outline" disabled={!live.length} onClick={() => setMailing(true)}>
                  <Mail aria-hidden="true" />
                  {t.mailAll}
                </Button>
              </div>
              <Attendees attendees={data.attendees} onAction={onAction} onOpenBooking={onOpenBooking} />
              <ClassWaitlist
                eventId={data.session.eventId}
                date={data.session.date}
                time={data.session.time}
              />
            </div>
            <ClassMessageDialog
              sessionId={data.session.id}
              recipients={live.length}
              open={mailing}
              onOpenChange={setMailing}
            />
          </>
        ) : (
          <div className="grid gap-4 px-6 py-5">
            <SheetTitle className={cn(!session.isError && 'sr-only')}>{t.title}</SheetTitle>
            <SheetDescription className="sr-only">{t.loading}</SheetDescription>
            {session.isError && !gone ? (
              <LoadError error={session.error} onRetry={() => void session.refetch()} />
            ) : (
              <div role="status" className="grid gap-3">
                <span className="sr-only">{t.loading}</span>
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-16" />
                <Skeleton className="h-16" />
              </div>
            )}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

function Header({ dto }: { dto: ClassSessionDto }) {
  const agendas = useAgendas();
  const { session: s } = dto;
  const color = agendas.data?.find((a) => a.id === s.agendaId)?.color;
  return (
    <div className="grid gap-2 border-b px-6 pt-5 pb-4 pr-12">
      <SheetTitle className="text-lg leading-tight break-words">{s.title}</SheetTitle>
      <SheetDescription className="flex items-center gap-2">
        <span
          aria-hidden="true"
          style={agendaTint(color)}
          className="size-2.5 shrink-0 rounded-full bg-[var(--agenda)]"
        />
        {fill(t.description, { agenda: s.agendaName })}
      </SheetDescription>
    </div>
  );
}

function Facts({ dto }: { dto: ClassSessionDto }) {
  const { session: s } = dto;
  const left = Math.max(0, s.capacity - s.seatsTaken);
  const full = left === 0;
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">{t.when}</dt>
      <dd className="min-w-0 tabular-nums first-letter:uppercase">
        {fill(t.whenValue, {
          date: formatLongDutchDate(s.date),
          from: s.time,
          to: slotEnd(s.time, s.durationMinutes) ?? '',
        })}
      </dd>
      <dt className="text-muted-foreground">{t.agenda}</dt>
      <dd className="min-w-0 break-words">{s.agendaName}</dd>
      <dt className="text-muted-foreground">{t.occupancy}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <span
          className="text-base font-semibold tabular-nums"
          aria-label={fill(t.placesLabel, { taken: s.seatsTaken, capacity: s.capacity })}
          data-class-places={`${s.seatsTaken}/${s.capacity}`}
        >
          {fill(t.places, { taken: s.seatsTaken, capacity: s.capacity })}
        </span>
        <Badge variant={full ? 'default' : 'outline'}>
          {full ? t.full : left === 1 ? t.placesLeftOne : fill(t.placesLeft, { n: left })}
        </Badge>
      </dd>
    </dl>
  );
}

function Attendees({
  attendees,
  onAction,
  onOpenBooking,
}: {
  attendees: readonly OwnerBookingDto[];
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  onOpenBooking: (booking: OwnerBookingDto, from: HTMLElement) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {t.attendees}
      </h3>
      {attendees.length ? (
        <ul className="grid gap-2">
          {attendees.map((a) => (
            <Attendee key={a.id} booking={a} onAction={onAction} onOpenBooking={onOpenBooking} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t.noAttendees}</p>
      )}
    </section>
  );
}

function Attendee({
  booking: b,
  onAction,
  onOpenBooking,
}: {
  booking: OwnerBookingDto;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  onOpenBooking: (booking: OwnerBookingDto, from: HTMLElement) => void;
}) {
  const cancelled = b.status === 'cancelled';
  return (
    <li
      data-attendee={b.id}
      className={cn(
        'rounded-lg border px-3 py-2',
        cancelled ? 'bg-muted/60 text-muted-foreground' : 'bg-card',
      )}
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <button
              type="button"
              aria-label={fill(t.openBooking, { name: b.customerName })}
              aria-haspopup="dialog"
              onClick={(e) => onOpenBooking(b, e.currentTarget)}
              className={cn(
                'min-w-0 truncate rounded-sm text-left text-sm font-medium underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                cancelled && 'line-through',
              )}
            >
              {b.customerName}
            </button>
            <span className="text-xs text-muted-foreground tabular-nums">
              {b.seats === 1 ? t.seatsOne : fill(t.seats, { n: b.seats })}
            </span>
          </div>
          <Badges booking={b} />
          <BookingMoney booking={b} />
          <RefundFailure booking={b} />
        </div>
        <BookingActions booking={b} onAction={onAction} className="-mr-1.5 ml-auto" />
      </div>
    </li>
  );
}

/** The attendee's state and payment, as the list's badges say them; nothing for a plain confirmed place. */
function Badges({ booking: b }: { booking: OwnerBookingDto }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 empty:hidden">
      {b.status !== 'confirmed' && <BookingStatusBadge status={b.status} />}
      {b.paymentStatus === 'paid' && <Badge variant="outline">{nl.bookingsUi.paid}</Badge>}
      <BookingStateBadges booking={b} />
    </div>
  );
}

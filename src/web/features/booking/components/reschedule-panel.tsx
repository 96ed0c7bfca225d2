import { useEffect, useRef, useState } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { SeriesScope } from '@contracts/enums';
import type { PublicBooking, PublicEvent } from '@contracts/public-booking';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { withOwnSlot } from '@core/month-availability';
import { Button } from '@web/components/ui/button';
import { monthOf } from '@core/time';
import { MonthCalendar } from '@web/components/ui/month-calendar';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useMonthAvailability } from '../api/get-month-availability';
import { useVisitMoveAvailability } from '../api/get-visit-move-availability';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { offeredAgenda } from '../lib/agenda-choice';
import { bookableMonths } from '../lib/use-availability-month';
import { SlotGrid } from './slot-grid';

const m = nl.manage;

/** 'Wijzig datum/tijd': a calendar plus the chosen day's time grid, with Annuleren and Opslaan (docs/PRODUCT.md#manage-page). */
export function ReschedulePanel({
  token,
  booking,
  event,
  onDone,
  onRefused,
  visit = false,
  scope = 'this',
}: {
  /** docs/PRODUCT.md#series: 'following' moves the later occurrences by as many days, to the same time. */
  scope?: SeriesScope;
  token: string;
  booking: PublicBooking;
  event: PublicEvent;
  /** The booking is a visit's first segment: the whole visit moves, so the visit's month is offered. */
  visit?: boolean;
  onDone: () => void;
  /** The server refused any change of this booking (409: past the cut-off, cancelled, in the past). */
  onRefused?: () => void;
}) {
  const [bounds] = useState(() => {
    const b = bookableMonths(event);
    const own = monthOf(booking.bookingDate);
    return { ...b, first: own < b.first ? own : b.first, last: own > b.last ? own : b.last };
  });
  const [month, setMonth] = useState(() =>
    monthOf(booking.bookingDate) >= bounds.first ? monthOf(booking.bookingDate) : bounds.first,
  );
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // The panel replaces the button that opened it: focus moves to its heading, else it would be lost.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // A person the customer chose stays theirs when moving (the server keeps it too), so only that
  // agenda's free slots are offered; otherwise any agenda of the service will do.
  const single = useMonthAvailability(
    visit ? undefined : event.id,
    month,
    booking.agendaChosen ? offeredAgenda(event, booking.agendaId) : null,
  );
  const whole = useVisitMoveAvailability(token, event.id, month, visit);
  const query = visit ? whole : single;
  const data = query.data?.month === month && !query.isPlaceholderData ? query.data : undefined;
  const days = data
    ? withOwnSlot(data.days, { date: booking.bookingDate, time: booking.bookingTime }, month)
    : undefined;
  const choosable = new Set((days ?? []).filter((d) => d.slots.some((s) => !s.busy)).map((d) => d.date));
  const slots = date ? days?.find((d) => d.date === date)?.slots : undefined;

  const reschedule = useRescheduleBooking(
    token,
    {
      onSuccess: () => {
        toast({ title: m.updated, description: m.updatedText });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: nl.errors.genericTitle,
          description: errorMessage(error, nl.booking.rescheduleFailed),
        });
        if (hasErrorCode(error, 'CONFLICT')) onRefused?.();
      },
    },
    scope,
  );

  const save = () => {
    if (!date || !time) {
      setMissing(true);
      toast({
        variant: 'destructive',
        title: nl.booking.notCompleteTitle,
        description: nl.booking.selectNewDateTime,
      });
      return;
    }
    reschedule.mutate({ bookingDate: date, bookingTime: time });
  };

  return (
    <section
      aria-labelledby="reschedule-title"
      className="space-y-5 rounded-xl border bg-muted/30 p-4 sm:p-5"
    >
      <div className="space-y-1">
        <h2 id="reschedule-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {m.editTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.editText}</p>
      </div>
      <div className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)]">
        <div
          aria-busy={!days}
          className="mx-auto w-full max-w-xs self-start rounded-lg border bg-background p-2"
        >
          <MonthCalendar
            aria-label={m.calendarLabel}
            month={month}
            onMonthChange={setMonth}
            minMonth={bounds.first}
            maxMonth={bounds.last}
            today={bounds.today}
            selected={date ? [date] : []}
            onSelect={(d) => {
              setDate(d);
              if (d !== date) setTime(null);
              setMissing(false);
            }}
            isDisabled={(d) => !choosable.has(d)}
          />
        </div>
        <div className="min-h-[10rem] space-y-3">
          {!date ? (
            <p className="text-sm text-muted-foreground">{m.chooseDateFirst}</p>
          ) : (
            <>
              <h3 className="text-sm font-medium first-letter:uppercase">
                {fill(m.timesOn, { date: formatLongDutchDate(date) })}
              </h3>
              {!slots ? (
                <div className="grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-2">
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} className="h-12 rounded-lg" />
                  ))}
                </div>
              ) : slots.length === 0 ? (
                <p className="text-sm text-muted-foreground">{nl.wizard.noTimes}</p>
              ) : (
                <SlotGrid
                  slots={slots}
                  selected={time}
                  onPick={(t) => {
                    setTime(t);
                    setMissing(false);
                  }}
                  label={fill(m.timesOn, { date: formatLongDutchDate(date) })}
                  noteOf={(slot) =>
                    !slot.busy && date === booking.bookingDate && slot.time === booking.bookingTime
                      ? m.current
                      : undefined
                  }
                />
              )}
            </>
          )}
          {missing && (
            <p role="alert" className="text-sm font-medium text-destructive-text">
              {nl.booking.selectNewDateTime}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={onDone} disabled={reschedule.isPending}>
          {m.cancel}
        </Button>
        <Button size="lg" onClick={save} disabled={reschedule.isPending}>
          {reschedule.isPending ? m.busy : m.save}
        </Button>
      </div>
    </section>
  );
}

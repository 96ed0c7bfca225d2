import { TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { updateBookingBody, type OwnerBookingDto, type UpdateBookingBody } from '@contracts/bookings';
import type { SeriesScope } from '@contracts/enums';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import {
  agendaHoursWarnings,
  formatPhone,
  isValidDate,
  ownerAnswers,
  todayInZone,
  type FormField as CustomField,
} from '@core/index';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, errorEntries } from '@web/lib/form-errors';
import { useEventFields } from '@web/lib/event-fields';
import { useAgendas } from '@web/lib/agendas';
import { useAbsencesBetween } from '@web/lib/agenda-absences';
import { useUpdateBooking } from '../api/update-booking';
import { AgendaSelect } from './agenda-select';
import { askedAnswers, CustomerFieldset, customerFieldPath, type CustomerValues } from './customer-fieldset';
import { SeriesScopeChoice } from './series-scope';
import { TimePicker } from './time-picker';

const t = nl.bookingsUi;

interface MoveValues extends CustomerValues {
  bookingDate: string;
  bookingTime: string;
  agendaId: string;
}

/** The customer details as the form holds them, to compare with the booking's. */
function detailsOf(v: MoveValues, asked: readonly CustomField[]) {
  return {
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    customerPhone: v.customerPhone,
    customFieldResponses: askedAnswers(v, asked),
  };
}

/**
 * docs/PRODUCT.md#bookings-page: the date and the time of a booking can be changed, and, when its
 * service books into several agendas, the agenda (another stylist or room); so can the customer's
 * details (a misspelt name, a new number), checked like the booking page's answers.
 */
export function EditBookingDialog({
  booking,
  event,
  now,
  timeZone,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  booking: OwnerBookingDto | null;
  event: EventListItem | undefined;
  now: Date;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {booking && (
          <EditForm
            key={booking.id}
            booking={booking}
            event={event}
            now={now}
            timeZone={timeZone}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  booking,
  event,
  now,
  timeZone,
  onDone,
}: {
  booking: OwnerBookingDto;
  event: EventListItem | undefined;
  now: Date;
  timeZone: string;
  onDone: () => void;
}) {
  const id = useId();
  const today = todayInZone(now, timeZone);
  const fields = useEventFields(booking.eventId);
  // The name, e-mail and phone fill the fields the booking page takes them from; the rest is asked.
  const asked = ownerAnswers(fields.data ?? [], { name: '' }, {}).others;
  const askedRef = useRef<readonly CustomField[]>([]);
  askedRef.current = asked;
  const original = {
    customerName: booking.customerName,
    customerEmail: booking.customerEmail ?? '',
    customerPhone: formatPhone(booking.customerPhone ?? ''),
    answers: booking.customFieldResponses,
  };
  const sameDetails = (v: MoveValues) =>
    JSON.stringify(detailsOf(v, askedRef.current)) ===
    JSON.stringify(detailsOf({ ...v, ...original }, askedRef.current));
  const form = useForm<MoveValues, unknown, UpdateBookingBody>({
    defaultValues: {
      bookingDate: booking.bookingDate,
      bookingTime: booking.bookingTime,
      agendaId: booking.agendaId,
      ...original,
    },
    // Only what changed is sent: the details when they differ, the slot as chosen (its own is a no-op).
    resolver: (values, context, options) =>
      contractResolver<MoveValues, UpdateBookingBody>(
        updateBookingBody,
        (v) => ({
          bookingDate: v.bookingDate,
          bookingTime: v.bookingTime,
          agendaId: v.agendaId,
          ...(sameDetails(v) ? {} : detailsOf(v, askedRef.current)),
        }),
        customerFieldPath,
      )(values, context, options),
  });
  const [date, time, agendaId] = useWatch({
    control: form.control,
    name: ['bookingDate', 'bookingTime', 'agendaId'],
  });
  const values = useWatch({ control: form.control }) as MoveValues;
  const agendas = useAgendas().data ?? [];
  // The service's live agendas, plus the booking's own if the service no longer uses it.
  const choices = agendas.filter((a) => a.id === booking.agendaId || event?.agendaIds.includes(a.id));
  // The server's answer to a refused move; a new date or time makes it moot.
  const errors = form.formState.errors;
  // The slot's refusal shows below the slot; the details' messages under their own fields.
  const problem =
    errors.root?.message ??
    errorEntries(errors).find((e) => ['bookingDate', 'bookingTime', 'agendaId'].includes(e.path))?.message;
  const clearProblem = () => form.clearErrors();
  // A booking of a series moves alone or with every later occurrence (docs/PRODUCT.md#series).
  const [scope, setScope] = useState<SeriesScope>('this');
  const mutation = useUpdateBooking({
    onSuccess: (_row, { scope: sent }) => {
      if (sent === 'following')
        toast({ title: nl.series.movedFollowing, description: nl.series.movedFollowingText });
      else toast({ title: t.updated, description: t.updatedText });
      onDone();
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, customerFieldPath);
      if (!shown.length) form.setError('root', { type: 'server', message: describeError(error) });
      toast({ variant: 'destructive', title: t.updateFailed, description: describeError(error) });
    },
  });
  // A move into the agenda's absence or outside its own week is the owner's to make: it warns
  // (docs/PRODUCT.md#agenda-hours), for a new date, time or agenda only.
  const absences = useAbsencesBetween(isValidDate(date) ? date : null);
  const moved = date !== booking.bookingDate || time !== booking.bookingTime || agendaId !== booking.agendaId;
  const agenda = agendas.find((a) => a.id === agendaId);
  const warnings =
    moved && agenda && event
      ? agendaHoursWarnings(
          [{ ...agenda, absences: absences.data?.filter((a) => a.agendaId === agendaId) }],
          date,
          time,
          event.durationMinutes,
        )
      : [];
  const unchanged =
    date === booking.bookingDate &&
    time === booking.bookingTime &&
    agendaId === booking.agendaId &&
    sameDetails(values);

  const submit = form.handleSubmit((body) => {
    if (unchanged) return;
    if (scope !== 'following') return mutation.mutate({ id: booking.id, body });
    // The series' scope moves the date and time only; the rest is this booking's own change.
    if (agendaId !== booking.agendaId || !sameDetails(values))
      return form.setError('root', { type: 'scope', message: nl.series.moveFollowingOnlySlot });
    mutation.mutate({
      id: booking.id,
      body: { bookingDate: body.bookingDate, bookingTime: body.bookingTime },
      scope,
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t.editTitle}</DialogTitle>
        <DialogDescription>
          {fill(choices.length > 1 ? t.editTextAgendas : t.editText, {
            name: booking.customerName,
            event: booking.eventTitle,
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>{t.date}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            min={today < booking.bookingDate ? today : booking.bookingDate}
            {...form.register('bookingDate', { onChange: clearProblem })}
          />
        </div>
        <Controller
          control={form.control}
          name="bookingTime"
          render={({ field }) => (
            <TimePicker
              id={`${id}-time`}
              booking={booking}
              agendaId={agendaId}
              event={event}
              date={date}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                clearProblem();
              }}
            />
          )}
        />
      </div>
      {choices.length > 1 && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-agenda`}>{nl.agendaView.agenda}</Label>
          <Controller
            control={form.control}
            name="agendaId"
            render={({ field }) => (
              <AgendaSelect
                id={`${id}-agenda`}
                agendas={choices}
                value={field.value}
                withAll={false}
                onChange={(next) => {
                  if (next) field.onChange(next);
                  clearProblem();
                }}
              />
            )}
          />
        </div>
      )}
      {warnings.length > 0 && (
        <div
          role="status"
          className="rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {nl.manualBookings.warningsTitle}
          </p>
          <ul className="mt-1 list-disc pl-6">
            {warnings.map((w) => (
              <li key={w}>{nl.manualBookings.warnings[w]}</li>
            ))}
          </ul>
        </div>
      )}
      {booking.seriesId && (
        <SeriesScopeChoice
          value={scope}
          onChange={(next) => {
            setScope(next);
            clearProblem();
          }}
          disabled={mutation.isPending}
          hint={nl.series.moveFollowingHint}
        />
      )}
      <CustomerFieldset
        register={form.register as unknown as UseFormRegister<CustomerValues>}
        errors={errors}
        asked={asked}
      />
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/30 bg-destructive/5 p-3 text-sm text-destructive-text"
        >
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
          {t.close}
        </Button>
        <PendingButton
          type="submit"
          pending={mutation.isPending}
          disabled={unchanged || !date || !time}
          pendingLabel={t.saving}
        >
          {t.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

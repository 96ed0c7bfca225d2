import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { AgendaDto } from '@contracts/agendas';
import { createBookingBody, type CreateBookingBody } from '@contracts/bookings';
import { createSeriesBody, type CreateSeriesBody } from '@contracts/series';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import {
  formatLongDutchDate,
  isValidDate,
  ownerAnswers,
  ownerBookingWarnings,
  parseTime,
  formatPhone,
  type FormField as CustomField,
} from '@core/index';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useEventFields } from '@web/lib/event-fields';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useAbsencesBetween } from '@web/lib/agenda-absences';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCreateBooking } from '../api/create-booking';
import { useNewBookingSlots } from '../api/get-new-booking-slots';
import { useCreateSeries, useSeriesCheck } from '../api/series';
import { AgendaOption } from './agenda-select';
import { askedAnswers, CustomerFieldset, customerFieldPath, type CustomerValues } from './customer-fieldset';
import { CustomerPicker, type PickedCustomer } from './customer-picker';
import {
  seriesCheckOf,
  seriesDefaults,
  seriesEndOf,
  seriesMovesOf,
  seriesStartAfter,
  skippedDates,
  withMoveDraft,
  type SeriesMoveDrafts,
  type SeriesValues,
} from '../lib/series-form';
import { SeriesFields } from './series-fields';

const t = nl.manualBookings;
const ANY = 'any';
const OTHER = 'other';

/** What the dialog starts with: a free spot of the agenda gives its date, time and agenda. */
export interface NewBookingStart {
  date?: string;
  time?: string;
  agendaId?: string | null;
  /** The service, chosen at once (a class's 'Deelnemer toevoegen'). */
  eventId?: string;
  /** The customer, picked at once (a booking's 'Herhalen'). */
  customer?: StartCustomer;
  /**
   * 'Herhalen' from a booking's details: the date of that booking. 'Herhalen' is on and the series
   * starts one period after it (docs/PRODUCT.md#series), following 'Hoe vaak' until the owner picks
   * another first date.
   */
  repeatAfter?: string;
}

/** A customer known from a booking: the record's id and the booking's details. */
export type StartCustomer = Pick<PickedCustomer, 'id' | 'name' | 'email' | 'phone'>;

interface NewValues extends CustomerValues, SeriesValues {
  /** The existing customer picked in the search; '' lets the server find or make one. */
  customerId: string;
  eventId: string;
  agendaId: string;
  bookingDate: string;
  bookingTime: string;
  notifyCustomer: boolean;
  /** The places of a class (docs/PRODUCT.md#classes), as typed. */
  seats: string;
}

/** The series' request: the single booking's customer with the series' dates (docs/PRODUCT.md#series). */
function toSeriesBody(
  v: NewValues,
  asked: readonly CustomField[],
  skip: readonly string[],
  drafts: SeriesMoveDrafts,
): CreateSeriesBody {
  const moves = seriesMovesOf(v, drafts);
  return {
    eventId: v.eventId,
    agendaId: v.agendaId || undefined,
    date: v.bookingDate,
    time: v.bookingTime,
    every: v.every,
    ...seriesEndOf(v),
    ...(skip.length ? { skip: [...skip] } : {}),
    ...(moves.length ? { moves } : {}),
    customerId: v.customerId || undefined,
    customerName: v.customerName,
    customerEmail: v.customerEmail || undefined,
    customerPhone: v.customerPhone || undefined,
    customFieldResponses: askedAnswers(v, asked),
    notifyCustomer: v.notifyCustomer,
  };
}

/** The series' contract names the first date and time as the single booking's fields are named. */
const seriesFieldPath = (path: string) =>
  path === 'date' ? 'bookingDate' : path === 'time' ? 'bookingTime' : customerFieldPath(path);

type NewBody = CreateBookingBody | CreateSeriesBody;
const isSeries = (body: NewBody): body is CreateSeriesBody => 'every' in body;

function toBody(v: NewValues, asked: readonly CustomField[]): CreateBookingBody {
  return {
    eventId: v.eventId,
    agendaId: v.agendaId || undefined,
    bookingDate: v.bookingDate,
    bookingTime: v.bookingTime,
    customerId: v.customerId || undefined,
    customerName: v.customerName,
    customerEmail: v.customerEmail || undefined,
    customerPhone: v.customerPhone || undefined,
    customFieldResponses: askedAnswers(v, asked),
    notifyCustomer: v.notifyCustomer,
    // Only a class takes places; '' (or a service of one seat) is one place, the server's default.
    ...(v.seats.trim() ? { seats: Number(v.seats) } : {}),
  };
}

/**
 * docs/PRODUCT.md#bookings-page: the owner writes down a booking made by phone or at the desk. The
 * owner's grid of the day is offered with busy times disabled, any other time may be typed; what a
 * customer would be refused by (outside the hours, in the past, notice, horizon, closed, daily limit)
 * shows as a warning before saving, the same list the server answers (core ownerBookingWarnings).
 */
export function NewBookingDialog({
  open,
  start,
  events,
  agendas,
  timeZone,
  onOpenChange,
}: {
  open: boolean;
  /** Where the dialog was opened from (changes give a fresh form). */
  start: NewBookingStart & { key: number };
  events: readonly EventListItem[];
  agendas: readonly AgendaDto[];
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        // Escape in a combobox with its list open closes that list, not the dialog.
        onEscapeKeyDown={(e) => {
          const target = e.target instanceof HTMLElement ? e.target : null;
          if (target?.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true')
            e.preventDefault();
        }}
      >
        <NewBookingForm
          key={start.key}
          start={start}
          events={events}
          agendas={agendas}
          timeZone={timeZone}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function NewBookingForm({
  start,
  events,
  agendas,
  timeZone,
  onDone,
}: {
  start: NewBookingStart;
  events: readonly EventListItem[];
  agendas: readonly AgendaDto[];
  timeZone: string;
  onDone: () => void;
}) {
  const id = useId();
  // A spot in an agenda offers the services of that agenda; the only one is chosen at once.
  const offered = start.agendaId ? events.filter((e) => e.agendaIds.includes(start.agendaId!)) : events;
  const services = offered.length ? offered : events;
  // The service's own fields the form asks (known once the fields load): the resolver reads them.
  const askedRef = useRef<readonly CustomField[]>([]);
  // The dates of the series the submit leaves out, from the latest check and the owner's ticks.
  const skipRef = useRef<readonly string[]>([]);
  // The dates moved one by one, which the submit sends as `moves`.
  const draftsRef = useRef<SeriesMoveDrafts>(new Map());
  const form = useForm<NewValues, unknown, NewBody>({
    defaultValues: {
      eventId: start.eventId ?? (services.length === 1 ? services[0]!.id : ''),
      agendaId: start.agendaId ?? '',
      bookingDate: start.repeatAfter
        ? seriesStartAfter(start.repeatAfter, seriesDefaults.every)
        : (start.date ?? ''),
      bookingTime: start.time ?? '',
      customerId: start.customer?.id ?? '',
      customerName: start.customer?.name ?? '',
      customerEmail: start.customer?.email ?? '',
      // As the picker fills a stored number: the way people read it.
      customerPhone: formatPhone(start.customer?.phone ?? ''),
      answers: {},
      notifyCustomer: false,
      seats: '1',
      ...seriesDefaults,
      repeat: Boolean(start.repeatAfter) || seriesDefaults.repeat,
    },
    resolver: (values, context, options) =>
      values.repeat
        ? contractResolver<NewValues, NewBody>(
            createSeriesBody,
            (v) => toSeriesBody(v, askedRef.current, skipRef.current, draftsRef.current),
            seriesFieldPath,
          )(values, context, options)
        : contractResolver<NewValues, NewBody>(
            createBookingBody,
            (v) => toBody(v, askedRef.current),
            customerFieldPath,
          )(values, context, options),
  });
  // The services may arrive after the dialog opened (a spot pressed while they load): the only one
  // is then chosen as it would have been at once.
  const onlyService = services.length === 1 ? services[0]!.id : null;
  useEffect(() => {
    if (onlyService && !form.getValues('eventId')) form.setValue('eventId', onlyService);
  }, [onlyService, form]);
  const [eventId, agendaId, date, time, email, repeat, every, end, count, until] = useWatch({
    control: form.control,
    name: [
      'eventId',
      'agendaId',
      'bookingDate',
      'bookingTime',
      'customerEmail',
      'repeat',
      'every',
      'end',
      'count',
      'until',
    ],
  });
  // A series after a booking starts one period after it: a changed 'Hoe vaak' moves that first date
  // along, unless the owner chose another one.
  const followed = useRef(form.getValues('bookingDate'));
  useEffect(() => {
    if (!start.repeatAfter) return;
    const next = seriesStartAfter(start.repeatAfter, every);
    if (form.getValues('bookingDate') !== followed.current || next === followed.current) return;
    followed.current = next;
    form.setValue('bookingDate', next, { shouldDirty: true });
  }, [every, start.repeatAfter, form]);
  // Dates moved one by one ('Verplaatsen'), by their planned date: checked and booked where they go.
  const [drafts, setDrafts] = useState<SeriesMoveDrafts>(new Map());
  draftsRef.current = drafts;
  // The series is checked once its fields stop changing (a count typed digit by digit asks once).
  const checkBody = seriesCheckOf(
    {
      repeat,
      every,
      end,
      count,
      until,
      eventId,
      agendaId,
      bookingDate: date,
      bookingTime: time,
    },
    drafts,
  );
  const checkKey = useDebouncedValue(checkBody ? JSON.stringify(checkBody) : '');
  const seriesCheck = useSeriesCheck(repeat && checkKey ? (JSON.parse(checkKey) as typeof checkBody) : null);
  const occurrences = repeat && checkBody ? (seriesCheck.data?.occurrences ?? []) : [];
  // Dates not free the owner books anyway (unticked 'Overslaan'); every other one not free is skipped.
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  skipRef.current = skippedDates(occurrences, kept);
  const event = events.find((e) => e.id === eventId);
  const fields = useEventFields(eventId || undefined);
  // The name, e-mail and phone fill the fields the booking page takes them from; the rest is asked.
  const asked = ownerAnswers(fields.data ?? [], { name: '' }, {}).others;
  askedRef.current = asked;
  const choices = agendas.filter((a) => event?.agendaIds.includes(a.id));
  const validDate = isValidDate(date) ? date : null;
  const slots = useNewBookingSlots(event ? eventId : null, validDate, agendaId || null);
  const absences = useAbsencesBetween(validDate);
  const candidates = agendaId ? [agendaId] : (event?.agendaIds ?? []);
  const warnings =
    !repeat && event && validDate && parseTime(time) !== null
      ? ownerBookingWarnings(
          {
            event,
            timeZone,
            closures: slots.data?.closures ?? [],
            agendaIds: candidates,
            dayCount: slots.data?.dayCount ?? 0,
            now: new Date(),
            // The agendas' own weeks and absences warn like the server's (docs/PRODUCT.md#agenda-hours).
            agendaHours: candidates.map((id) => ({
              ...agendas.find((a) => a.id === id),
              absences: absences.data?.filter((x) => x.agendaId === id),
            })),
          },
          validDate,
          time,
        )
      : [];
  const [picked, setPicked] = useState<PickedCustomer | null>(start.customer ?? null);
  // The record's details become the booking's own, still to be edited (a new address for this visit).
  // Another customer empties what still holds the record's details, and keeps what the owner typed.
  const pick = (customer: PickedCustomer | null) => {
    const from = customer ?? picked;
    setPicked(customer);
    form.setValue('customerId', customer?.id ?? '', { shouldDirty: true });
    if (!from) return;
    const details = [
      ['customerName', from.name],
      ['customerEmail', from.email ?? ''],
      // As the edit dialog shows a stored number: the way people read it, saved back the same.
      ['customerPhone', formatPhone(from.phone ?? '')],
    ] as const;
    for (const [name, value] of details) {
      if (customer) form.setValue(name, value, { shouldDirty: true });
      else if (form.getValues(name) === value) form.setValue(name, '', { shouldDirty: true });
    }
    form.clearErrors(['customerId', 'customerName', 'customerEmail', 'customerPhone']);
  };
  const errors = form.formState.errors;
  const problem = errors.root?.message;

  const mutation = useCreateBooking({
    onSuccess: (created) => {
      toast({
        title: t.created,
        description: fill(t.createdText, {
          name: created.customerName,
          when: `${formatLongDutchDate(created.bookingDate)} ${created.bookingTime}`,
        }),
      });
      onDone();
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, customerFieldPath);
      if (!shown.length) form.setError('root', { type: 'server', message: describeError(error) });
      toast({ variant: 'destructive', title: t.createFailed, description: describeError(error) });
    },
  });
  const seriesMutation = useCreateSeries({
    onSuccess: (created) => {
      const first = created.bookings[0];
      toast({
        title: nl.series.created,
        description: first
          ? fill(nl.series.createdText, {
              count: created.bookings.length,
              name: first.customerName,
              when: `${formatLongDutchDate(first.bookingDate)} ${first.bookingTime}`,
            })
          : undefined,
      });
      onDone();
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, seriesFieldPath);
      if (!shown.length) form.setError('root', { type: 'server', message: describeError(error) });
      toast({ variant: 'destructive', title: nl.series.createFailed, description: describeError(error) });
    },
  });
  const pending = mutation.isPending || seriesMutation.isPending;
  const submit = form.handleSubmit((body) =>
    isSeries(body) ? seriesMutation.mutate(body) : mutation.mutate(body),
  );

  if (!events.length) {
    return (
      <div className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.noServices}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {nl.bookingsUi.close}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-5">
      <DialogHeader>
        <DialogTitle>{t.title}</DialogTitle>
        <DialogDescription>{t.description}</DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-4">
        <Controller
          control={form.control}
          name="eventId"
          render={({ field, fieldState }) => (
            <FormField label={t.service} error={fieldState.error?.message}>
              {(props) => (
                <Select
                  value={field.value}
                  onValueChange={(next) => {
                    field.onChange(next);
                    form.setValue('agendaId', '');
                    form.setValue('seats', '1');
                    form.clearErrors();
                  }}
                >
                  <SelectTrigger {...props} className="w-full">
                    <SelectValue placeholder={t.chooseService} />
                  </SelectTrigger>
                  <SelectContent>
                    {services.map((e) => (
                      <SelectItem key={e.id} value={e.id}>
                        {e.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
        {choices.length > 1 && (
          <Controller
            control={form.control}
            name="agendaId"
            render={({ field }) => (
              <FormField label={t.agenda} error={messageAt(errors, 'agendaId')}>
                {(props) => (
                  <Select
                    value={field.value || ANY}
                    onValueChange={(next) => field.onChange(next === ANY ? '' : next)}
                  >
                    <SelectTrigger {...props} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={ANY}>{t.anyAgenda}</SelectItem>
                      {choices.map((a) => (
                        <AgendaOption key={a.id} agenda={a} />
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={nl.bookingsUi.date}
            error={messageAt(errors, 'bookingDate')}
            className="content-start"
          >
            {(props) => <Input {...props} type="date" {...form.register('bookingDate')} />}
          </FormField>
          <TimeField
            id={`${id}-time`}
            control={form.control}
            slots={slots.data?.slots}
            loading={Boolean(event && validDate) && slots.isPending}
            error={messageAt(errors, 'bookingTime')}
          />
        </div>
        {event && event.maxSeatsPerBooking > 1 && (
          <FormField
            label={nl.classAttendees.seatsField}
            hint={fill(nl.classAttendees.seatsHint, { n: event.maxSeatsPerBooking })}
            error={messageAt(errors, 'seats')}
            className="sm:max-w-[12rem]"
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                max={event.maxSeatsPerBooking}
                step={1}
                {...form.register('seats')}
              />
            )}
          </FormField>
        )}
        <SeriesFields
          control={form.control as unknown as Control<SeriesValues>}
          register={form.register as unknown as UseFormRegister<SeriesValues>}
          errors={errors}
          repeat={repeat}
          end={end}
          check={{
            data: occurrences,
            pending: Boolean(checkBody) && (seriesCheck.isFetching || checkKey !== JSON.stringify(checkBody)),
            error: checkBody ? seriesCheck.error : null,
          }}
          drafts={drafts}
          onMove={(planned, draft) => setDrafts((now) => withMoveDraft(now, planned, draft))}
          kept={kept}
          onKeep={(planned, keep) =>
            setKept((now) => {
              const next = new Set(now);
              if (keep) next.add(planned);
              else next.delete(planned);
              return next;
            })
          }
        />
        {warnings.length > 0 && (
          <div
            role="status"
            className="rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <p className="flex items-center gap-2 font-medium">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t.warningsTitle}
            </p>
            <ul className="mt-1 list-disc pl-6">
              {warnings.map((w) => (
                <li key={w}>{t.warnings[w]}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <CustomerFieldset
        register={form.register as unknown as UseFormRegister<CustomerValues>}
        errors={errors}
        asked={asked}
        search={
          <CustomerPicker
            picked={picked}
            error={messageAt(errors, 'customerId')}
            timeZone={timeZone}
            onPick={pick}
            onClear={() => pick(null)}
          />
        }
      >
        <Controller
          control={form.control}
          name="notifyCustomer"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${id}-notify`}
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                aria-describedby={`${id}-notify-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-notify`} className="font-normal">
                  {t.notify}
                </Label>
                <p id={`${id}-notify-hint`} className="text-xs text-muted-foreground">
                  {email ? t.notifyHint : t.notifyNeedsEmail}
                </p>
              </div>
            </div>
          )}
        />
      </CustomerFieldset>

      {problem && (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/30 bg-destructive/5 p-3 text-sm text-destructive-text"
        >
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {nl.bookingsUi.close}
        </Button>
        <PendingButton type="submit" pending={pending} pendingLabel={nl.bookingsUi.saving}>
          {repeat ? nl.series.save : t.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/**
 * The owner's grid of the day (busy times disabled) or, with 'Andere tijd...', any time typed: the
 * owner may book outside the hours and the grid (a warning says so), never on top of another booking.
 */
function TimeField({
  id,
  control,
  slots,
  loading,
  error,
}: {
  id: string;
  control: Control<NewValues, unknown, NewBody>;
  slots: ReadonlyArray<{ time: string; busy: boolean }> | undefined;
  loading: boolean;
  error: string | undefined;
}) {
  const [other, setOther] = useState(false);
  return (
    <Controller
      control={control}
      name="bookingTime"
      render={({ field }) => {
        const list = slots ?? [];
        const onGrid = list.some((s) => s.time === field.value && !s.busy);
        // A time typed, or given by a spot of the agenda that is not a free grid time.
        const typed = other || (field.value !== '' && !onGrid && !loading);
        const errorId = error ? `${id}-error` : undefined;
        return (
          <div className="grid min-w-0 content-start gap-2">
            <Label htmlFor={id}>{nl.bookingsUi.time}</Label>
            <Select
              value={onGrid && !other ? field.value : typed ? OTHER : ''}
              onValueChange={(next) => {
                setOther(next === OTHER);
                if (next !== OTHER) field.onChange(next);
              }}
            >
              <SelectTrigger
                id={id}
                className="w-full"
                aria-invalid={Boolean(error) && !typed}
                aria-describedby={!typed ? errorId : undefined}
              >
                <SelectValue placeholder={loading ? nl.bookingsUi.timesLoading : nl.bookingsUi.chooseTime} />
              </SelectTrigger>
              <SelectContent className="max-h-72">
                {list.map((s) => (
                  <SelectItem key={s.time} value={s.time} disabled={s.busy}>
                    {s.time} {s.busy ? nl.bookingsUi.busy : ''}
                  </SelectItem>
                ))}
                <SelectItem value={OTHER}>{t.otherTime}</SelectItem>
              </SelectContent>
            </Select>
            {typed && (
              <Input
                type="time"
                step={300}
                aria-label={t.otherTimeLabel}
                aria-invalid={Boolean(error)}
                aria-describedby={errorId}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              />
            )}
            {error && (
              <p id={errorId} className="text-sm font-medium text-destructive-text">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}

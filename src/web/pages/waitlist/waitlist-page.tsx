import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarX2, Clock, LinkIcon, Users } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { answerErrors } from '@contracts/answer-errors';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { nlPublicWaitlist } from '@contracts/messages-public-waitlist';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import type { PublicWaitlistEntry } from '@contracts/public-waitlist';
import { DEFAULT_COUNTRY } from '@core/countries';
import { customerFieldsOf, keepFieldAnswers } from '@core/customer';
import { formatDutchDeadline, formatLongDutchDate } from '@core/dutch-calendar';
import { toStoredPhone } from '@core/phone';
import { monthOf } from '@core/time';
import { freeTimesFor } from '@core/waitlist';
import { LoadError } from '@web/components/load-error';
import { NativeConfirmDialog } from '@web/components/native-confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMonthAvailability } from '@web/features/booking/api/get-month-availability';
import { usePublicEvent } from '@web/features/booking/api/get-public-event';
import { usePublicFields } from '@web/features/booking/api/get-public-fields';
import { getStripePublicKey } from '@web/features/booking/api/get-stripe-public-key';
import {
  claimWaitlist,
  leaveWaitlist,
  useWaitlistEntry,
  waitlistEntryQueryKey,
} from '@web/features/booking/api/waitlist';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { DetailsList } from '@web/features/booking/components/details-list';
import { FieldInput, isChoiceGroup } from '@web/features/booking/components/field-input';
import { PolicyConsent } from '@web/features/booking/components/policy-text';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { SlotGrid } from '@web/features/booking/components/slot-grid';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { bookingBody, bookingSummary, pendingBooking } from '@web/features/booking/lib/booking-payload';
import { bookingStorage } from '@web/features/booking/lib/booking-storage';
import type { PaymentSession, PhoneValue } from '@web/features/booking/lib/wizard-state';
import { hasErrorCode, isApiError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useDocumentTitle } from '@web/lib/use-document-title';

const w = nlPublicWaitlist.waitlist;
// A paid service's claim is a payment hold, paid in the wizard's own payment step (Stripe loads with it).
const PaymentStep = lazy(() =>
  import('@web/features/booking/components/payment-step').then((m) => ({ default: m.PaymentStep })),
);

const whatOf = (entry: PublicWaitlistEntry, time = entry.offer?.time ?? entry.time) =>
  time
    ? fill(w.timeOn, { date: formatLongDutchDate(entry.date), time })
    : fill(w.anyTime, { date: formatLongDutchDate(entry.date) });

/**
 * A place on the waitlist by its secret link /wachtlijst/{token} (docs/PRODUCT.md#waitlist): its
 * status; waiting, the position and leaving; offered (or a day's entry with a free time), the
 * service's form and 'Boek deze plek'; after the claim the wizard's own confirmation page.
 */
export default function WaitlistPage() {
  const { token = '' } = useParams<{ token: string }>();
  const query = useWaitlistEntry(token);
  const entry = query.data;
  const eventQuery = usePublicEvent(entry?.slug ?? '');
  const event = entry ? eventQuery.data : undefined;
  const fieldsQuery = usePublicFields(entry?.slug ?? '', !!event);
  const [asking, setAsking] = useState(false);
  const [leftNow, setLeftNow] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const notFound = hasErrorCode(query.error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION');
  useDocumentTitle(notFound ? w.notFoundTitle : w.pageTitle);

  const leave = useMutation({
    mutationFn: () => leaveWaitlist(token),
    onSuccess: () => {
      setAsking(false);
      setLeftNow(true);
      void queryClient.invalidateQueries({ queryKey: waitlistEntryQueryKey(token) });
    },
    onError: (error) => {
      setAsking(false);
      setLeaveError((isApiError(error) && error.serverMessage) || w.leaveFailed);
    },
  });

  const open = entry && (entry.status === 'waiting' || entry.status === 'offered');
  const items = entry
    ? [
        { label: nl.wizard.event, value: entry.title },
        {
          label: w.entryLabel,
          value: <span className="first-letter:uppercase inline-block">{whatOf(entry)}</span>,
        },
        ...(entry.seats > 1 ? [{ label: w.seats, value: String(entry.seats) }] : []),
      ]
    : [];

  return (
    <PublicPage themeColor={event ? event.themeColor : undefined}>
      {event && <BusinessHeader business={event.business} />}
      <PublicCard>
        {query.isPending ? (
          <div role="status" className="min-h-[20rem] space-y-4">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-48 w-full rounded-xl" />
          </div>
        ) : notFound ? (
          <StatusPanel icon={LinkIcon} title={w.notFoundTitle}>
            {w.entryNotFound}
          </StatusPanel>
        ) : !entry ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : !open ? (
          <div className="space-y-6">
            <StatusPanel
              icon={entry.status === 'claimed' ? CalendarCheck : CalendarX2}
              tone={entry.status === 'claimed' ? 'success' : 'neutral'}
              title={entry.status === 'claimed' ? w.claimed : w.pageTitle}
              focusTitle={leftNow}
            >
              {entry.status === 'claimed'
                ? w.claimedStatusText
                : entry.status === 'left'
                  ? w.left
                  : entry.status === 'lapsed'
                    ? w.lapsedText
                    : entry.status === 'removed'
                      ? w.removedText
                      : w.closedText}
            </StatusPanel>
            <DetailsList items={items} />
          </div>
        ) : (
          <div className="space-y-6">
            <header className="space-y-1">
              <h1 className="text-2xl font-semibold tracking-tight">{w.pageTitle}</h1>
              {entry.businessName && <p className="text-sm text-muted-foreground">{entry.businessName}</p>}
            </header>
            {entry.status === 'offered' && entry.offer ? (
              <p className="flex items-start gap-2 rounded-lg border border-primary/40 bg-brand-soft p-3 text-sm font-medium">
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {fill(w.offeredText, {
                  what: whatOf(entry),
                  until: formatDutchDeadline(new Date(entry.offer.expiresAt), entry.timeZone),
                })}
              </p>
            ) : (
              <p className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
                <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {fill(w.waitingText, { what: whatOf(entry), position: entry.position ?? '—' })}
              </p>
            )}
            <DetailsList items={items} />
            {(entry.status === 'offered' || entry.time === null) &&
              (!event || !fieldsQuery.data ? (
                eventQuery.isError || fieldsQuery.isError ? (
                  <LoadError
                    onRetry={() => void (eventQuery.isError ? eventQuery.refetch() : fieldsQuery.refetch())}
                  />
                ) : (
                  <Skeleton className="h-48 w-full rounded-xl" />
                )
              ) : (
                <ClaimForm token={token} entry={entry} event={event} fields={fieldsQuery.data} />
              ))}
            {leaveError && (
              <p role="alert" className="text-sm font-medium text-destructive-text">
                {leaveError}
              </p>
            )}
            <div className="border-t pt-6">
              <Button
                variant="outlineDestructive"
                size="lg"
                className="w-full sm:w-auto"
                onClick={() => setAsking(true)}
                disabled={leave.isPending}
              >
                {leave.isPending ? w.leaving : w.leaveButton}
              </Button>
            </div>
          </div>
        )}
      </PublicCard>
      <NativeConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={w.confirmLeave}
        description={w.confirmLeaveText}
        keepLabel={w.stayOn}
        confirmLabel={w.leaveButton}
        pendingLabel={w.leaving}
        pending={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </PublicPage>
  );
}

/** The entry's name, e-mail and phone in the form's fields of those kinds. */
function prefilled(fields: readonly PublicField[], entry: PublicWaitlistEntry): Record<string, string> {
  const own = customerFieldsOf(fields);
  const answers: Record<string, string> = {};
  if (own.name && entry.customerName) answers[own.name.fieldName] = entry.customerName;
  if (own.email && entry.customerEmail) answers[own.email.fieldName] = entry.customerEmail;
  if (own.phone && entry.customerPhone) answers[own.phone.fieldName] = entry.customerPhone;
  return answers;
}

function ClaimForm({
  token,
  entry,
  event,
  fields,
}: {
  token: string;
  entry: PublicWaitlistEntry;
  event: PublicEvent;
  fields: PublicField[];
}) {
  const baseId = useId();
  const fieldId = (i: number) => `${baseId}-f${i}`;
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState(() => prefilled(fields, entry));
  const [phones, setPhones] = useState<Record<string, PhoneValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [policyAccepted, setPolicyAccepted] = useState(false);
  const [policyError, setPolicyError] = useState<string | null>(null);
  const policyBox = useRef<HTMLInputElement>(null);
  const [payment, setPayment] = useState<PaymentSession | null>(null);
  const isDay = entry.status === 'waiting' && entry.time === null;
  // A day's waiting customer books one of that day's free times for their places, as the booking page offers them.
  const month = useMonthAvailability(isDay ? entry.eventId : undefined, monthOf(entry.date), null);
  const daySlots =
    month.data?.month === monthOf(entry.date)
      ? month.data.days.find((d) => d.date === entry.date)?.slots
      : undefined;
  const freeTimes = isDay && month.data ? freeTimesFor(daySlots, entry.seats) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const time = isDay ? chosen : (entry.offer?.time ?? entry.time);
  const bookingPath = `/boek/${encodeURIComponent(event.slug)}`;

  const claim = useMutation({
    mutationFn: (body: Parameters<typeof claimWaitlist>[1]) => claimWaitlist(token, body),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (isDay && !chosen) return setRefusal(w.timeRequired);
    const found = answerErrors(fields, answers);
    setErrors(found);
    const firstBad = fields.findIndex((f) => found[f.fieldName]);
    if (firstBad >= 0) return document.getElementById(fieldId(firstBad))?.focus();
    if (event.policyText && !policyAccepted) {
      setPolicyError(nl.booking.policyRequired);
      return policyBox.current?.focus();
    }
    const body = bookingBody(event, fields, answers, entry.date, time!, null, policyAccepted, entry.seats);
    const pending = pendingBooking(event, fields, body, bookingPath, bookingPath);
    claim.mutate(
      {
        answers: keepFieldAnswers(fields, answers),
        ...(isDay ? { time: chosen } : {}),
        ...(event.policyText ? { acceptedPolicy: policyAccepted } : {}),
      },
      {
        onSuccess: async (claimed) => {
          void queryClient.invalidateQueries({ queryKey: waitlistEntryQueryKey(token) });
          const booked = { ...body, bookingTime: claimed.booking.bookingTime };
          if (claimed.clientSecret) {
            // The booking is a payment hold: paid and confirmed exactly as the wizard's paid booking.
            const publicKey = await getStripePublicKey(event.id).then(
              (k) => k.publicKey || null,
              () => null,
            );
            const held = { ...pending, booking: booked, managementUrl: claimed.managementUrl };
            bookingStorage.savePending(held);
            setPayment({
              clientSecret: claimed.clientSecret,
              managementToken: claimed.managementToken,
              expiresAt: claimed.expiresAt ?? '',
              publicKey,
              pending: held,
            });
            return;
          }
          bookingStorage.saveSummary(bookingSummary({ ...pending, booking: booked }, claimed));
          bookingStorage.clearPending();
          navigate('/payment/success');
        },
        onError: (error) => {
          const fieldErrors = Object.fromEntries(
            Object.entries((isApiError(error) && error.fields) || {})
              .filter(([k]) => k.startsWith('answers.'))
              .map(([k, m]) => [k.slice('answers.'.length), m]),
          );
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
          setRefusal((isApiError(error) && error.serverMessage) || w.claimFailed);
          if (hasErrorCode(error, 'CONFLICT'))
            void queryClient.invalidateQueries({ queryKey: waitlistEntryQueryKey(token) });
        },
      },
    );
  };

  if (payment) {
    return (
      <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
        <PaymentStep event={event} payment={payment} returnPath={`/wachtlijst/${token}`} focusHeading />
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      {isDay && (
        <div className="space-y-3">
          <h2 className="text-base font-semibold">{w.chooseTime}</h2>
          {!month.data ? (
            <Skeleton className="h-12 w-full rounded-lg" />
          ) : freeTimes.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              {w.noFreeTime}
            </p>
          ) : (
            <SlotGrid
              slots={freeTimes.map((t) => ({ time: t, busy: false }))}
              selected={chosen}
              onPick={setChosen}
              label={w.freeTimesLabel}
            />
          )}
        </div>
      )}
      {(!isDay || freeTimes.length > 0) && (
        <>
          <h2 className="text-base font-semibold">{w.formTitle}</h2>
          {fields.map((field, i) => {
            const id = fieldId(i);
            const error = errors[field.fieldName];
            const errorId = error ? `${id}-error` : undefined;
            const set = (value: string) => {
              setAnswers((a) => ({ ...a, [field.fieldName]: value }));
              if (error)
                setErrors((er) => {
                  const next = { ...er };
                  delete next[field.fieldName];
                  return next;
                });
            };
            const caption = (
              <>
                {field.fieldName}
                {!field.isRequired && (
                  <span className="font-normal text-muted-foreground">{` (${nl.wizard.optional})`}</span>
                )}
              </>
            );
            const group = isChoiceGroup(field);
            const Box = group ? 'fieldset' : 'div';
            return (
              <Box
                key={field.id}
                className="grid gap-2"
                {...(group && {
                  role: field.fieldType === 'yesno' ? 'radiogroup' : undefined,
                  'aria-describedby': errorId,
                })}
              >
                {group ? (
                  <legend className="mb-2 text-sm leading-none font-medium">{caption}</legend>
                ) : (
                  field.fieldType !== 'checkbox' && <Label htmlFor={id}>{caption}</Label>
                )}
                <FieldInput
                  field={field}
                  id={id}
                  describedBy={errorId}
                  invalid={!!error}
                  value={answers[field.fieldName] ?? ''}
                  onChange={set}
                  phone={
                    phones[field.fieldName] ?? {
                      country: DEFAULT_COUNTRY,
                      digits: answers[field.fieldName] ?? '',
                    }
                  }
                  onPhoneChange={(value) => {
                    setPhones((p) => ({ ...p, [field.fieldName]: value }));
                    set(toStoredPhone(value.country, value.digits));
                  }}
                  caption={caption}
                />
                {error && (
                  <p id={errorId} className="text-sm font-medium text-destructive-text">
                    {error}
                  </p>
                )}
              </Box>
            );
          })}
          {event.policyText && (
            <PolicyConsent
              id={`${baseId}-policy`}
              text={event.policyText}
              accepted={policyAccepted}
              error={policyError}
              onChange={(accepted) => {
                setPolicyAccepted(accepted);
                if (accepted) setPolicyError(null);
              }}
              boxRef={policyBox}
            />
          )}
          {refusal && (
            <p
              role="alert"
              className="rounded-lg border border-destructive-text/40 bg-destructive/5 p-3 text-sm font-medium text-destructive-text"
            >
              {refusal}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={claim.isPending}>
            <CalendarCheck aria-hidden="true" />
            {claim.isPending ? w.claiming : w.claimButton}
          </Button>
        </>
      )}
    </form>
  );
}

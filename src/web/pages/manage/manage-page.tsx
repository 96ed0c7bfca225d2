import { CalendarClock, CalendarPlus, CalendarX2, Info, LinkIcon, XCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { SeriesScope } from '@contracts/enums';
import { Link, useParams } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { zonedTimeToUtc } from '@core/timezone';
import { visitEntry } from '@core/visit';
import { NativeConfirmDialog } from '@web/components/native-confirm-dialog';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useCancelBooking } from '@web/features/booking/api/cancel-booking';
import { useManagedBooking } from '@web/features/booking/api/get-managed-booking';
import { AddToCalendar } from '@web/features/booking/components/add-to-calendar';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { ChangeDeadlines } from '@web/features/booking/components/change-deadlines';
import { ContactBusiness } from '@web/features/booking/components/contact-business';
import { DetailsList } from '@web/features/booking/components/details-list';
import { LoadError } from '@web/components/load-error';
import { PolicyText } from '@web/features/booking/components/policy-text';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { RefundNote, refundLine } from '@web/features/booking/components/refund-note';
import { ReschedulePanel } from '@web/features/booking/components/reschedule-panel';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { bookAgainPath } from '@web/features/booking/lib/booking-paths';
import { changeWindows, nextClosing } from '@web/features/booking/lib/change-windows';
import { managedItems } from '@web/features/booking/lib/managed-items';
import { hasErrorCode } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

const m = nl.manage;
// docs/PRODUCT.md#series: 'Alleen deze afspraak' / 'Deze en alle volgende', in the series' own chunk.
const ScopeChoice = lazy(() =>
  import('@web/features/booking/components/series-parts').then((x) => ({ default: x.ScopeChoice })),
);

/** Manage a booking by its secret link /booking/manage/{token}: view, reschedule or cancel. */
export default function ManagePage() {
  const { token = '' } = useParams<{ token: string }>();
  const query = useManagedBooking(token);
  const [editing, setEditing] = useState(false);
  const [cancelledNow, setCancelledNow] = useState(false);
  const [askingCancel, setAskingCancel] = useState(false);
  // Which occurrences of a series a move or cancel reaches; only asked when later ones exist.
  const [scope, setScope] = useState<SeriesScope>('this');
  // The server refused a change the page's clock still allowed (409): its clock decides the cut-off.
  const [refused, setRefused] = useState({ cancel: false, reschedule: false });
  // The reschedule panel replaces the button that opened it; when it closes, focus goes back to that
  // button instead of being lost on the page body (keyboard and screen-reader users keep their place).
  const changeButton = useRef<HTMLButtonElement>(null);
  const refocusChange = useRef(false);
  const closeEditor = () => {
    refocusChange.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !refocusChange.current) return;
    refocusChange.current = false;
    changeButton.current?.focus();
  }, [editing]);
  const data = query.data;
  // No such booking, or a token the server cannot even read.
  const notFound = hasErrorCode(query.error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION');
  useDocumentTitle(notFound ? m.notFoundTitle : m.title);

  const cancel = useCancelBooking(
    token,
    {
      onSuccess: () => {
        toast({ title: m.cancelled, description: m.cancelledText });
        setEditing(false);
        setAskingCancel(false);
        setCancelledNow(true);
      },
      onError: (error) => {
        // Already cancelled, in the past, a payment still open, or past the cut-off: the server says which.
        const conflict = hasErrorCode(error, 'CONFLICT');
        const message = conflict ? error.serverMessage : undefined;
        if (conflict) {
          // The server's clock decides the cut-off (the page's may differ); a cancel by the owner shows on reload.
          setRefused((r) => ({ ...r, cancel: true }));
          setAskingCancel(false);
          void query.refetch();
        }
        toast({
          variant: 'destructive',
          title: nl.errors.genericTitle,
          description: message ?? nl.booking.cancelFailed,
        });
      },
    },
    scope,
  );

  // The manage page is never framed (security.ts), so its way back is never an embed. After a cancel
  // the page stays on the cancelled state until the customer follows this link themselves
  // (docs/PRODUCT.md#good-endings): moving on by itself cut the message short.
  const bookAgain = data
    ? bookAgainPath({ slug: data.event.slug, publicSlug: data.event.business.publicSlug }, false)
    : null;

  // Whether money paid online comes back, said before the cancel is confirmed (and in the question).
  const refundBefore = data ? refundLine(data.refund, false) : null;

  // The page's clock: the buttons close at a cut-off even while the page stays open (re-rendered then).
  const [now, setNow] = useState(() => Date.now());
  const windows = data ? changeWindows(data, now, refused) : null;
  const closing = windows ? nextClosing(windows, now) : null;
  useEffect(() => {
    if (closing === null) return;
    // setTimeout holds at most ~24.8 days; a later cut-off is re-checked then.
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(closing - Date.now() + 1, 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [closing]);
  const ids = useId();
  const rescheduleLine = `${ids}-reschedule`;
  const cancelLine = `${ids}-cancel`;

  // A visit is one calendar entry from its first start to its last end, as its .ics file.
  const entry = data
    ? ((data.visit && visitEntry(data.visit.segments)) ?? {
        title: data.event.title,
        date: data.booking.bookingDate,
        time: data.booking.bookingTime,
        durationMinutes: data.event.durationMinutes,
      })
    : null;
  const isPast = data
    ? zonedTimeToUtc(data.booking.bookingDate, data.booking.bookingTime, data.event.timeZone).getTime() <=
      Date.now()
    : false;
  // Once a change is closed online (core onlineChanges, also for a booking made inside its cut-off),
  // the page says so and how to reach the business instead.
  const closedNotice = !windows
    ? null
    : !windows.reschedule.open && !windows.cancel.open
      ? nl.policy.closedNow.both
      : !windows.reschedule.open
        ? nl.policy.closedNow.reschedule
        : !windows.cancel.open
          ? nl.policy.closedNow.cancel
          : null;
  const deadlines = windows && (
    <ChangeDeadlines
      lines={[
        { id: rescheduleLine, window: windows.reschedule },
        { id: cancelLine, window: windows.cancel },
      ]}
    />
  );

  return (
    <PublicPage themeColor={data ? data.event.themeColor : undefined}>
      {data && <BusinessHeader business={data.event.business} />}
      <PublicCard>
        {query.isPending ? (
          <div role="status" className="min-h-[24rem] space-y-4">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-72 w-full rounded-xl" />
          </div>
        ) : notFound ? (
          <StatusPanel icon={LinkIcon} title={m.notFoundTitle}>
            {m.notFoundText}
          </StatusPanel>
        ) : !data ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : data.booking.status === 'cancelled' ? (
          <div className="space-y-6">
            <StatusPanel icon={CalendarX2} title={m.cancelledTitle} focusTitle={cancelledNow}>
              {m.cancelledInfo}
            </StatusPanel>
            <RefundNote text={refundLine(data.refund, true)} />
            {/* Full strength: a faded list made its labels too low in contrast to read; the heading says it is cancelled. */}
            <DetailsList items={managedItems(data)} />
            {bookAgain && (
              <Link
                href={bookAgain}
                className={buttonVariants({ size: 'lg', className: 'w-full sm:w-auto' })}
              >
                <CalendarPlus aria-hidden="true" />
                {nl.goodEndings.newBooking}
              </Link>
            )}
          </div>
        ) : (
          <div className="space-y-6">
            <header className="space-y-1">
              <h1 className="text-2xl font-semibold tracking-tight">{m.title}</h1>
              {/* A request the owner still approves (docs/PRODUCT.md#approval): not an appointment yet. */}
              <p className="text-sm text-muted-foreground">
                {data.booking.status === 'requested' ? nl.paymentPages.requestedText : m.text}
              </p>
            </header>
            <DetailsList items={managedItems(data)} />
            {data.event.policyText ? (
              <PolicyText id={`${ids}-policy`} text={data.event.policyText}>
                {!isPast && deadlines}
              </PolicyText>
            ) : (
              !isPast && deadlines
            )}
            {!isPast && (data.series?.later ?? 0) > 0 && (
              <Suspense>
                <ScopeChoice name={`${ids}-scope`} value={scope} onChange={setScope} />
              </Suspense>
            )}
            {isPast ? (
              <p className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {nl.booking.pastCannotChange}
              </p>
            ) : editing && windows?.reschedule.open ? (
              <ReschedulePanel
                token={token}
                booking={data.booking}
                event={data.event}
                visit={Boolean(data.visit)}
                scope={(data.series?.later ?? 0) > 0 ? scope : 'this'}
                onDone={closeEditor}
                onRefused={() => {
                  setRefused((r) => ({ ...r, reschedule: true }));
                  closeEditor();
                  void query.refetch();
                }}
              />
            ) : (
              <div className="grid gap-3">
                {closedNotice && (
                  <ContactBusiness
                    id={`${ids}-contact`}
                    notice={closedNotice}
                    businessName={data.event.business.name}
                    contact={data.contact}
                  />
                )}
                {windows?.cancel.open && <RefundNote id={`${ids}-refund`} text={refundBefore} />}
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button
                    ref={changeButton}
                    size="lg"
                    className="sm:flex-1"
                    onClick={() => setEditing(true)}
                    disabled={!windows?.reschedule.open || data.booking.status === 'requested'}
                    aria-describedby={windows?.reschedule.text ? rescheduleLine : undefined}
                  >
                    <CalendarClock aria-hidden="true" />
                    {m.change}
                  </Button>
                  <Button
                    variant="outlineDestructive"
                    size="lg"
                    className="sm:flex-1"
                    onClick={() => setAskingCancel(true)}
                    disabled={cancel.isPending || !windows?.cancel.open}
                    aria-describedby={
                      [windows?.cancel.text && cancelLine, refundBefore && `${ids}-refund`]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    <XCircle aria-hidden="true" />
                    {cancel.isPending ? m.busy : m.cancelBooking}
                  </Button>
                </div>
              </div>
            )}
            {/* A booking still waiting for its payment is not an appointment to add yet. */}
            {!isPast && !editing && entry && data.booking.status === 'confirmed' && (
              <AddToCalendar
                eventTitle={entry.title}
                date={entry.date}
                time={entry.time}
                durationMinutes={entry.durationMinutes}
                businessName={data.event.business.name}
                timeZone={data.event.timeZone}
                token={token}
                managementUrl={`${window.location.origin}/booking/manage/${token}`}
              />
            )}
          </div>
        )}
      </PublicCard>
      {/* Outside the states above, so it closes (and gives focus back) before the page changes. */}
      <NativeConfirmDialog
        open={askingCancel}
        onClose={() => setAskingCancel(false)}
        title={m.confirmCancel}
        description={refundBefore}
        keepLabel={m.keepBooking}
        confirmLabel={m.confirmCancelButton}
        pendingLabel={m.busy}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </PublicPage>
  );
}

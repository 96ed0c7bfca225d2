import {
  ArrowRight,
  Download,
  Link2,
  Mail,
  MessageCircle,
  MessageSquareText,
  Phone,
  Webhook,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type {
  BookingDetailsDto,
  BookingHistoryEntryDto,
  HistoryMessageDto,
  OwnerBookingDto,
} from '@contracts/bookings';
import type { DeliveryStatus } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { formatLongDutchDate, formatPhone } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAgendas } from '@web/lib/agendas';
import { hasErrorCode } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { customerExportUrl } from '@web/lib/customer-export';
import { customerPath } from '@web/lib/customer-paths';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { useBookingDetails } from '../api/get-booking-details';
import { timeRangeText } from '../lib/booking-text';
import { headlineText, messageText, momentText, providerStatusText, slotText } from '../lib/history-text';
import { agendaTint, visitColor } from './agenda-booking';
import { BookingActions, type BookingAction } from './booking-actions';
import { BookingMoney } from './booking-money';
import { BookingStateBadges, RefundFailure } from './booking-state-badges';
import type { NewBookingStart } from './new-booking-dialog';
import { RequestDecision } from './request-decision';

const t = nl.bookingDetails;

/**
 * One booking's details in a panel from the right (full width on a phone), opened from the list and
 * from the agenda: the customer with every answer of the form, the appointment, the payment, and the
 * history with the e-mails and webhooks each change caused. The actions are the list's; they open the
 * page's own dialogs on top of the panel. The booking handed in shows at once; the details follow.
 */
export function BookingDetailsSheet({
  booking,
  open,
  onOpenChange,
  onAction,
  onRepeat,
  onCloseAutoFocus,
}: {
  booking: OwnerBookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  /** 'Herhalen' (docs/PRODUCT.md#series): the new-booking dialog opened as a series after the booking. */
  onRepeat?: (start: NewBookingStart) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // Another segment of the booking's visit, opened from the visit's list in the panel.
  const [segment, setSegment] = useState<{ of: string; id: string } | null>(null);
  const shownId = segment && segment.of === booking?.id ? segment.id : (booking?.id ?? null);
  const details = useBookingDetails(shownId);
  // A booking deleted (from the panel's own action, or elsewhere) has nothing left to show.
  const gone = hasErrorCode(details.error, 'NOT_FOUND');
  useEffect(() => {
    if (open && gone) onOpenChange(false);
  }, [open, gone, onOpenChange]);
  const b = details.data ?? (shownId === booking?.id ? booking : null);
  const body = useRef<HTMLDivElement>(null);
  const openSegment = (id: string) => {
    if (!booking) return;
    setSegment({ of: booking.id, id });
    // The list that was clicked changes: the panel's content takes focus, read from the top.
    body.current?.scrollTo({ top: 0 });
    body.current?.focus();
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-full gap-0 sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
        // The panel itself takes focus, not its first link: a screen reader starts at the title.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        {b ? (
          <>
            <Header booking={b} />
            {b.status === 'requested' && <RequestDecision booking={b} />}
            {/* Focusable, so the keyboard scrolls it when it holds no link (an anonymised booking). */}
            <div
              ref={body}
              tabIndex={0}
              className="grid flex-1 content-start gap-6 overflow-y-auto px-6 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {details.data ? (
                <Body details={details.data} onOpenSegment={openSegment} />
              ) : details.isError && !gone ? (
                <LoadError error={details.error} onRetry={() => void details.refetch()} />
              ) : (
                <BodySkeleton />
              )}
            </div>
            <BookingActions
              booking={b}
              onAction={onAction}
              onRepeat={onRepeat && repeatable(b) ? () => onRepeat(repeatStart(b)) : undefined}
              withText
              className="justify-start border-t px-4 py-3"
            />
          </>
        ) : (
          booking && (
            // Another segment of the visit while its details load.
            <div className="grid gap-4 px-6 py-5">
              <SheetTitle className="sr-only">{t.loading}</SheetTitle>
              <SheetDescription className="sr-only">{t.visit}</SheetDescription>
              <BodySkeleton />
            </div>
          )
        )}
      </SheetContent>
    </Sheet>
  );
}

/**
 * A confirmed booking of no series and no visit can start a series: a visit's segments would not
 * repeat together, and a booking of a series already repeats.
 */
const repeatable = (b: OwnerBookingDto) => b.status === 'confirmed' && !b.seriesId && !b.visitId;

/** The same service, agenda, customer and time, 'Herhalen' on, starting one period after the booking. */
const repeatStart = (b: OwnerBookingDto): NewBookingStart => ({
  eventId: b.eventId,
  agendaId: b.agendaId,
  time: b.bookingTime,
  repeatAfter: b.bookingDate,
  customer: { id: b.customerId, name: b.customerName, email: b.customerEmail, phone: b.customerPhone },
});

function Header({ booking: b }: { booking: OwnerBookingDto }) {
  const agendas = useAgendas();
  const color = agendas.data?.find((a) => a.id === b.agendaId)?.color;
  return (
    <div className="grid gap-2 border-b px-6 pt-5 pb-4 pr-12">
      <SheetTitle
        className={cn('text-lg leading-tight break-words', b.status === 'cancelled' && 'line-through')}
      >
        {b.customerName}
      </SheetTitle>
      <SheetDescription className="flex items-center gap-2">
        <span
          aria-hidden="true"
          style={agendaTint(color)}
          className="size-2.5 shrink-0 rounded-full bg-[var(--agenda)]"
        />
        {fill(t.description, { event: b.eventTitle, agenda: b.agendaName })}
      </SheetDescription>
      <div className="flex flex-wrap items-center gap-1.5">
        <BookingStatusBadge status={b.status} />
        {b.paymentStatus === 'paid' && <Badge variant="outline">{nl.bookingsUi.paid}</Badge>}
        {b.seats > 1 && <Badge variant="outline">{fill(nl.bookingsUi.seats, { count: b.seats })}</Badge>}
        <BookingStateBadges booking={b} />
      </div>
    </div>
  );
}

function Body({
  details: b,
  onOpenSegment,
}: {
  details: BookingDetailsDto;
  onOpenSegment: (id: string) => void;
}) {
  const { timeZone, allowedActions } = useCurrentUser();
  // docs/PRODUCT.md#roles: without `customers.contact` the server leaves the address and number out.
  const contact = allowedActions.includes('customers.contact');
  // Answers that are the name, e-mail or phone already shown above are not repeated.
  const shown = new Set([b.customerName, b.customerEmail, b.customerPhone].filter(Boolean));
  const answers = b.answers.filter((a) => a.value.trim() && !shown.has(a.value));
  return (
    <>
      <Section title={t.customer}>
        <Facts>
          <Fact label={t.name}>
            {/* The customer's card: every booking, the notes, the figures. */}
            <Link
              href={customerPath(b.customerId)}
              className="rounded-sm break-words underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {b.customerName}
            </Link>
          </Fact>
          {contact ? (
            <>
              <Fact label={t.email}>
                {b.customerEmail ? (
                  <ContactLink href={`mailto:${b.customerEmail}`} icon={<Mail aria-hidden="true" />}>
                    {b.customerEmail}
                  </ContactLink>
                ) : (
                  <Quiet>{t.none}</Quiet>
                )}
              </Fact>
              <Fact label={t.phone}>
                {b.customerPhone ? (
                  <ContactLink href={`tel:${b.customerPhone}`} icon={<Phone aria-hidden="true" />}>
                    {formatPhone(b.customerPhone)}
                  </ContactLink>
                ) : (
                  <Quiet>{t.none}</Quiet>
                )}
              </Fact>
            </>
          ) : (
            <Fact label={`${t.email}, ${t.phone.toLowerCase()}`}>
              <Quiet>{nl.roles.contactHidden}</Quiet>
            </Fact>
          )}
        </Facts>
        <h4 className="mt-4 mb-2 text-xs font-medium text-muted-foreground">{t.answers}</h4>
        {answers.length ? (
          <dl className="grid gap-2.5 rounded-md bg-muted/50 p-3 text-sm">
            {answers.map((a) => (
              <div key={a.fieldName} className="grid gap-0.5">
                <dt className="text-xs text-muted-foreground">
                  {a.fieldName}
                  {a.sensitive && <span> ({t.sensitive})</span>}
                </dt>
                <dd className="break-words whitespace-pre-wrap">{a.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Quiet>{t.noAnswers}</Quiet>
        )}
        {b.customerEmail && (
          // docs/PRODUCT.md#privacy: everything stored about this customer, as the settings' export.
          <Button asChild variant="outline" size="sm" className="mt-4 w-fit">
            <a href={customerExportUrl(b.customerEmail)} download title={nl.privacy.detailsExportLabel}>
              <Download aria-hidden="true" />
              {nl.privacy.detailsExport}
            </a>
          </Button>
        )}
      </Section>

      <Section title={t.appointment}>
        <Facts>
          <Fact label={t.service}>{b.eventTitle}</Fact>
          <Fact label={t.agenda}>{b.agendaName}</Fact>
          {b.extraAgendaNames.length > 0 && <Fact label={t.rooms}>{b.extraAgendaNames.join(', ')}</Fact>}
          <Fact label={t.date}>
            <span className="first-letter:uppercase">{formatLongDutchDate(b.bookingDate)}</span>
          </Fact>
          <Fact label={t.time}>
            <span className="tabular-nums">{timeRangeText(b)}</span>
          </Fact>
          <Fact label={t.duration}>{fill(t.durationValue, { n: b.durationMinutes })}</Fact>
          {b.seriesId && <Fact label={nl.series.partOf}>{nl.series.partOfText}</Fact>}
        </Facts>
      </Section>

      {b.visit && b.visit.segments.length > 1 && <VisitSegments visit={b.visit} onOpen={onOpenSegment} />}

      <Section title={t.payment}>
        <div className="grid gap-1 text-sm">
          <p>{t.paymentStatuses[b.paymentStatus]}</p>
          <BookingMoney booking={b} className="text-sm" />
          {b.refundedAt && (
            <p className="text-muted-foreground">
              {fill(t.refundedAt, { when: momentText(b.refundedAt, timeZone) })}
            </p>
          )}
          <RefundFailure booking={b} />
        </div>
      </Section>

      <Section title={t.history}>
        {b.history.length ? (
          <ol className="grid gap-0">
            {b.history.map((entry, i) => (
              <HistoryEntry
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                last={i === b.history.length - 1}
              />
            ))}
          </ol>
        ) : (
          <Quiet>{t.noHistory}</Quiet>
        )}
      </Section>
    </>
  );
}

/**
 * The visit this booking is part of (docs/PRODUCT.md#visits): every segment in order with its time,
 * service and person, the others opening their own details in the panel.
 */
function VisitSegments({
  visit,
  onOpen,
}: {
  visit: NonNullable<BookingDetailsDto['visit']>;
  onOpen: (id: string) => void;
}) {
  const total = visit.segments.length;
  return (
    <Section title={t.visit}>
      <p className="mb-2 flex items-center gap-2 text-sm text-muted-foreground">
        <Link2 aria-hidden="true" className="size-4 shrink-0" style={{ color: visitColor(visit.visitId) }} />
        {fill(t.visitText, { n: visit.position + 1, total })}
      </p>
      <ol
        className="grid gap-1 border-l-[3px] pl-3 text-sm"
        style={{ borderLeftColor: visitColor(visit.visitId) }}
      >
        {visit.segments.map((s) => {
          const line = fill(t.visitSegment, {
            time: fill(nl.bookingsUi.timeRange, { start: s.time, end: s.endTime }),
            service: s.service,
            agenda: s.agendaName,
          });
          const rooms = s.extraAgendaNames.length
            ? ` ${fill(t.visitRooms, { rooms: s.extraAgendaNames.join(', ') })}`
            : '';
          const cancelled = s.status === 'cancelled';
          return (
            <li key={s.id} className="grid grid-cols-[1.25rem_minmax(0,1fr)] items-baseline tabular-nums">
              <span className="text-xs text-muted-foreground">{s.position + 1}.</span>
              <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                {s.position === visit.position ? (
                  <span className={cn('font-medium', cancelled && 'line-through')}>
                    {line}
                    {rooms} <span className="font-normal text-muted-foreground">({t.visitThis})</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onOpen(s.id)}
                    aria-label={`${fill(t.visitOpen, { service: s.service, time: s.time })}: ${line}${rooms}`}
                    className={cn(
                      'rounded-sm text-left underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      cancelled && 'line-through',
                    )}
                  >
                    {line}
                    {rooms}
                  </button>
                )}
                {cancelled && <BookingStatusBadge status={s.status} />}
              </span>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

function HistoryEntry({
  entry,
  timeZone,
  last,
}: {
  entry: BookingHistoryEntryDto;
  timeZone: string;
  last: boolean;
}) {
  const otherAgenda = Boolean(entry.from && entry.to && entry.from.agendaName !== entry.to.agendaName);
  const reader = useCurrentUser();
  return (
    <li className="relative grid gap-1.5 pb-5 pl-6 last:pb-0">
      {/* The timeline: a dot per entry, joined by a line to the next. */}
      <span aria-hidden="true" className="absolute top-1.5 left-0 size-2.5 rounded-full bg-primary" />
      {!last && <span aria-hidden="true" className="absolute top-5 bottom-0 left-[4.5px] w-px bg-border" />}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="text-sm font-medium">{headlineText(entry, reader.id)}</p>
        <time dateTime={entry.at} className="text-xs text-muted-foreground tabular-nums">
          {momentText(entry.at, timeZone)}
        </time>
      </div>
      {entry.from && entry.to && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">{t.movedFrom}</dt>
          <dd className="tabular-nums">{slotText(entry.from, otherAgenda)}</dd>
          <dt className="flex items-center text-muted-foreground">
            <ArrowRight aria-hidden="true" className="mr-1 size-3.5" />
            {t.movedTo}
          </dt>
          <dd className="tabular-nums">{slotText(entry.to, otherAgenda)}</dd>
        </dl>
      )}
      {entry.changedFields.length > 0 && (
        <p className="text-sm break-words">
          {fill(t.changedFields, { fields: entry.changedFields.join(', ') })}
        </p>
      )}
      {entry.messages.length > 0 && (
        <ul aria-label={t.messages} className="grid gap-1.5">
          {entry.messages.map((m) => (
            <Message key={m.id} message={m} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Colours chosen for AA contrast in both themes, like the booking status badge. */
const DELIVERY_STYLES: Record<DeliveryStatus, string> = {
  sent: 'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  pending: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  failed: 'border-destructive-text/40 text-destructive-text',
  skipped: 'border-transparent bg-muted text-muted-foreground',
};

const CHANNEL_ICONS = { email: Mail, webhook: Webhook, sms: MessageSquareText, whatsapp: MessageCircle };

function Message({ message: m, timeZone }: { message: HistoryMessageDto; timeZone: string }) {
  const Icon = CHANNEL_ICONS[m.channel];
  const provider = providerStatusText(m);
  const note = [
    // docs/PRODUCT.md#text-messages: what the SMS provider last reported (delivered to the phone or not).
    provider,
    m.sentAt && fill(t.sentAt, { when: momentText(m.sentAt, timeZone) }),
    // A reminder or follow-up waits for its moment: say when, not just that it waits.
    m.status === 'pending' &&
      Date.parse(m.dueAt) > Date.now() &&
      fill(t.dueAt, { when: momentText(m.dueAt, timeZone) }),
    m.attempts > 1 && fill(t.attempts, { n: m.attempts }),
  ].filter(Boolean);
  return (
    <li className="grid gap-1 rounded-md border bg-card px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex min-w-0 items-center gap-2">
          <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="min-w-0 break-words">{messageText(m)}</span>
        </span>
        <Badge variant="outline" className={DELIVERY_STYLES[m.status]}>
          {t.deliveryStatuses[m.status]}
        </Badge>
      </div>
      {note.length > 0 && <p className="text-xs text-muted-foreground">{note.join(' · ')}</p>}
      {m.lastError && (
        <p className="text-xs break-words text-destructive-text">
          {fill(t.messageError, { error: m.lastError })}
        </p>
      )}
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start">
      <h3 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function ContactLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex max-w-full items-center gap-1.5 rounded-sm break-all underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [&>svg]:size-3.5 [&>svg]:shrink-0 [&>svg]:text-muted-foreground"
    >
      {icon}
      {children}
    </a>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return <span className="text-sm text-muted-foreground">{children}</span>;
}

function BodySkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{t.loading}</span>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className={cn('h-5', i % 2 ? 'w-2/3' : 'w-5/6')} />
      ))}
    </div>
  );
}

import { Mail, Webhook } from 'lucide-react';
import type { CustomerDetail } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatEuro, formatShortDutchDate } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { SectionCard } from '@web/components/section-card';
import { Badge } from '@web/components/ui/badge';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { momentText } from '../lib/customer-text';

const t = nl.customersUi;
const details = nl.bookingDetails;

/** A text of a known list, or the value itself for one this screen does not know yet. */
const labelOf = (labels: Record<string, string>, key: string) => labels[key] ?? key;

/** Every booking of every service and agenda, newest first, with its payment, refund and no-show. */
export function CustomerBookings({ bookings }: { bookings: CustomerDetail['bookings'] }) {
  return (
    <SectionCard title={t.historyTitle} description={t.historyText}>
      {bookings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noBookings}</p>
      ) : (
        <ol aria-label={t.historyTitle} className="grid grid-cols-1 gap-2">
          {bookings.map((b) => (
            <li
              key={b.id}
              className={cn(
                'grid min-w-0 gap-1 rounded-lg border p-3 text-sm',
                b.status === 'cancelled' && 'bg-muted/30 text-muted-foreground',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
                <span className="font-medium tabular-nums">
                  {fill(details.slot, { date: formatShortDutchDate(b.bookingDate), time: b.bookingTime })}
                </span>
                <span className="flex flex-wrap gap-1.5">
                  <BookingStatusBadge status={b.status} />
                  {b.noShow && (
                    <Badge variant="outline" className="border-destructive-text/40 text-destructive-text">
                      {t.noShow}
                    </Badge>
                  )}
                </span>
              </div>
              <p className="break-words">
                {b.eventTitle} · {b.agendaName}
              </p>
              <p className="text-muted-foreground">
                {[
                  labelOf(details.paymentStatuses, b.paymentStatus),
                  b.amountPaid && fill(t.paidAmount, { amount: formatEuro(b.amountPaid) }),
                  b.refundAmount && fill(t.refundAmount, { amount: formatEuro(b.refundAmount) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

/** The e-mails and webhooks sent about the customer's bookings. */
export function CustomerMessages({
  messages,
  timeZone,
}: {
  messages: CustomerDetail['messages'];
  timeZone: string;
}) {
  return (
    <SectionCard title={t.messagesTitle}>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noMessages}</p>
      ) : (
        <ul aria-label={t.messagesTitle} className="grid gap-2">
          {messages.map((m, i) => {
            const Icon = m.channel === 'email' ? Mail : Webhook;
            return (
              <li
                key={`${m.bookingId}-${m.kind}-${m.at}-${i}`}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 break-words">
                    {fill(t.message, {
                      channel: labelOf(details.channels, m.channel),
                      kind: labelOf(details.messageKinds, m.kind),
                    })}
                  </span>
                </span>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={m.at} className="tabular-nums">
                    {momentText(m.at, timeZone)}
                  </time>
                  <Badge variant="outline">{labelOf(details.deliveryStatuses, m.status)}</Badge>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

/** The answers of the latest booking that has any. */
export function CustomerIntake({ intake }: { intake: CustomerDetail['latestIntake'] }) {
  const answers = Object.entries(intake?.answers ?? {}).filter(([, value]) => value.trim());
  return (
    <SectionCard title={t.intakeTitle} description={t.intakeText}>
      {answers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noIntake}</p>
      ) : (
        <dl className="grid gap-2.5 rounded-md bg-muted/50 p-3 text-sm">
          {answers.map(([field, value]) => (
            <div key={field} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{field}</dt>
              <dd className="break-words whitespace-pre-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}

import type { DeliveryStatus } from '@contracts/enums';
import type { WebhookDeliveryDto } from '@contracts/notifications';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { bookingSlotText, formatInstant, nextAttemptText } from '../lib/delivery-text';

const t = nl.webhooksUi;

/** Colours chosen for AA contrast in both themes (as the booking status badge). */
const STYLES: Record<DeliveryStatus, string> = {
  sent: 'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  failed: '',
  pending: 'border-transparent bg-secondary text-secondary-foreground',
  skipped: 'border-transparent bg-muted text-muted-foreground',
};

const DOTS: Record<DeliveryStatus, string> = {
  sent: 'bg-emerald-500',
  failed: 'bg-destructive-foreground',
  pending: 'bg-amber-500',
  skipped: 'bg-muted-foreground/60',
};

/** Afgeleverd, Mislukt, Wordt afgeleverd or Overgeslagen, plus when a failed attempt is retried. */
export function DeliveryStatusCell({
  delivery,
  className,
}: {
  delivery: WebhookDeliveryDto;
  className?: string;
}) {
  const next = nextAttemptText(delivery);
  return (
    <div className={cn('grid justify-items-start gap-1', className)}>
      <Badge
        variant={delivery.status === 'failed' ? 'destructive' : 'outline'}
        className={STYLES[delivery.status]}
      >
        <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOTS[delivery.status])} />
        {t.deliveryStatusLabels[delivery.status]}
      </Badge>
      {next && <span className="text-xs text-muted-foreground">{next}</span>}
    </div>
  );
}

/** When the delivery was created, as a machine-readable <time>. */
export function DeliveryTime({ delivery }: { delivery: WebhookDeliveryDto }) {
  return (
    <time dateTime={delivery.createdAt} className="whitespace-nowrap tabular-nums">
      {formatInstant(delivery.createdAt)}
    </time>
  );
}

/** Customer name over the booked date and time; a dash when the booking is gone. */
export function DeliveryBooking({ delivery }: { delivery: WebhookDeliveryDto }) {
  const slot = bookingSlotText(delivery);
  if (!delivery.customerName && !slot) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid min-w-0 gap-0.5">
      {delivery.customerName && (
        <span className="truncate font-medium" title={delivery.customerName}>
          {delivery.customerName}
        </span>
      )}
      {slot && <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{slot}</span>}
      <span className="text-xs text-muted-foreground">{nl.webhooksUi.triggerLabels[delivery.trigger]}</span>
    </div>
  );
}

/** The receiver's HTTP status, else the reason the last attempt failed. */
export function DeliveryResponse({ delivery }: { delivery: WebhookDeliveryDto }) {
  const { responseStatus } = delivery;
  const ok = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
  // 'HTTP 503' only repeats the status code shown already.
  const lastError = delivery.lastError === `HTTP ${responseStatus}` ? null : delivery.lastError;
  return (
    <div className="grid min-w-0 justify-items-start gap-0.5">
      {responseStatus !== null && (
        <code
          className={cn(
            'rounded bg-muted px-1.5 py-0.5 font-mono text-xs tabular-nums',
            !ok && 'text-destructive-text',
          )}
        >
          {responseStatus}
        </code>
      )}
      {lastError && delivery.status !== 'sent' && (
        <span className="text-xs break-words text-muted-foreground">{lastError}</span>
      )}
      {responseStatus === null && !lastError && <span className="text-muted-foreground">—</span>}
    </div>
  );
}

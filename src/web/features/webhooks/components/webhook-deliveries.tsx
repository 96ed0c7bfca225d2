import { ChevronDown, History } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { InlineError } from '@web/components/form-messages';
import { fill } from '@web/lib/fill-message';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { DeliveriesList, DeliveriesTable } from './delivery-views';

const t = nl.webhooksUi;

/**
 * The recent deliveries of one webhook, behind a disclosure button in the webhook's read view.
 * Fetched only while open; refreshed every 30 s, every 5 s while a delivery is pending.
 */
export function WebhookDeliveries({ webhookId, name }: { webhookId: string; name: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-3 border-t pt-2">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2 justify-self-start text-muted-foreground hover:text-foreground"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={fill(open ? t.hideDeliveriesOf : t.showDeliveriesOf, { name })}
        onClick={() => setOpen((o) => !o)}
      >
        <History aria-hidden="true" />
        {t.deliveries}
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <DeliveriesPanel webhookId={webhookId} name={name} />}
      </div>
    </div>
  );
}

function DeliveriesPanel({ webhookId, name }: { webhookId: string; name: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const isMobile = useIsMobile();
  const label = `${t.deliveries} · ${name}`;

  if (deliveries.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{nl.layout.loading}</span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (deliveries.isError) return <InlineError message={t.deliveriesFailed} />;
  if (deliveries.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">
        {t.deliveriesEmpty}
      </p>
    );
  }
  return isMobile ? (
    <DeliveriesList deliveries={deliveries.data} label={label} />
  ) : (
    <DeliveriesTable deliveries={deliveries.data} label={label} />
  );
}

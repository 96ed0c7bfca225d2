import { Clock, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent } from '@contracts/public-booking';
import { priceLine } from '@core/price-line';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { fill } from '@web/lib/fill-message';
import { useBusinessPage } from '../api/get-business-page';
import { combinable, visitPath } from '../lib/visit-links';

const v = nl.visits;

/**
 * 'Nog een dienst toevoegen' (docs/PRODUCT.md#visits): under the date step of a service that can be
 * combined, and in the visit wizard. It opens, in place, the owner's other combinable services from
 * the business page's data; adding one goes to the visit wizard with it after the ones chosen.
 */
export function AddService({
  publicSlug,
  slugs,
  embed,
}: {
  publicSlug: string;
  /** The services already in the visit (the booking page: its one service), in order; the caller leaves this out of a full visit. */
  slugs: string[];
  embed: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const panelId = useId();
  const query = useBusinessPage(publicSlug, open);
  const others = (query.data?.groups ?? [])
    .flatMap((g) => g.services)
    .filter((s) => combinable(s) && !slugs.includes(s.slug));

  return (
    <div className="mt-6 space-y-3">
      <Button
        variant="outline"
        size="lg"
        className="w-full sm:w-auto"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {/* One icon for both: turned, the plus is the close cross. */}
        <Plus aria-hidden="true" className={open ? 'rotate-45' : undefined} />
        {open ? v.close : v.addService}
      </Button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={`${panelId}-title`}
        className="space-y-3 rounded-xl border bg-card p-4"
      >
        <div className="space-y-1">
          <h3 id={`${panelId}-title`} className="text-sm font-semibold">
            {v.addServiceTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{v.addServiceText}</p>
        </div>
        {!open ? null : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : others.length === 0 ? (
          <p className="text-sm text-muted-foreground">{v.addServiceNone}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {others.map((service) => {
              const price = priceLine(service);
              return (
                <li key={service.slug} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block text-sm font-medium [overflow-wrap:anywhere]">
                      {service.title}
                    </span>
                    <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                      <Clock aria-hidden="true" className="size-3.5" />
                      {fill(nl.wizard.minutes, { count: service.durationMinutes })}
                      {price.kind === 'atSalon' && ` · ${price.amount}`}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    aria-label={fill(v.addNamed, { title: service.title })}
                    onClick={() => navigate(visitPath(publicSlug, [...slugs, service.slug], embed))}
                  >
                    <Plus aria-hidden="true" />
                    {v.add}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The booking page's: this one service first (a default export, for the wizard's lazy import). */
export default function AddToService({ event, embed }: { event: PublicEvent; embed: boolean }) {
  if (!combinable(event)) return null;
  return <AddService publicSlug={event.business.publicSlug} slugs={[event.slug]} embed={embed} />;
}

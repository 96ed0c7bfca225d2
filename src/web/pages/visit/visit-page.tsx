import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, SearchX, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { CreatedVisit } from '@contracts/public-visits';
import { formatCents } from '@core/money';
import { LoadError } from '@web/components/load-error';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { getPublicEventQueryOptions } from '@web/features/booking/api/get-public-event';
import { getPublicFieldsQueryOptions } from '@web/features/booking/api/get-public-fields';
import { visitEventsQueryKey } from '@web/features/booking/api/visits';
import { AddService } from '@web/features/booking/components/add-service';
import { BookingUnavailable } from '@web/features/booking/components/booking-notices';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { VisitDone } from '@web/features/booking/components/visit-done';
import { VisitWizard } from '@web/features/booking/components/visit-wizard';
import {
  basketHasRoom,
  basketTotals,
  combinable,
  visitPath,
  visitSlugs,
} from '@web/features/booking/lib/visit-basket';
import { hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useDocumentTitle } from '@web/lib/use-document-title';

const v = nl.visits;

/**
 * A visit: several services booked as one, /p/{publicSlug}/bezoek?diensten=slug1,slug2 in their order
 * (docs/PRODUCT.md#visits); reached from the business page's basket or a booking page's 'Nog een
 * dienst toevoegen'. ?embed=true as on the other public pages.
 */
export default function VisitPage() {
  const { publicSlug = '' } = useParams<{ publicSlug: string }>();
  const search = useSearch();
  const embed = new URLSearchParams(search).get('embed') === 'true';
  const slugs = useMemo(() => visitSlugs(search), [search]);
  const [, navigate] = useLocation();
  const [done, setDone] = useState<CreatedVisit | null>(null);
  // Each service through its own cached read (the booking page's), together as one query: one
  // loading state, one error, and no useQueries code in the pages' shared chunk.
  const queryClient = useQueryClient();
  const eventsQuery = useQuery({
    queryKey: [...visitEventsQueryKey, slugs],
    queryFn: () =>
      Promise.all(slugs.map((slug) => queryClient.ensureQueryData(getPublicEventQueryOptions(slug)))),
    enabled: slugs.length > 0,
    refetchInterval: false,
  });
  const fieldsQuery = useQuery({
    queryKey: ['visit-fields', slugs],
    queryFn: () =>
      Promise.all(slugs.map((slug) => queryClient.ensureQueryData(getPublicFieldsQueryOptions(slug)))),
    enabled: slugs.length > 0,
    refetchInterval: false,
  });
  const events = eventsQuery.data;
  const fieldLists = fieldsQuery.data;
  const backPath = `/p/${encodeURIComponent(publicSlug)}${embed ? '?embed=true' : ''}`;
  // Services of another business, or that cannot be combined: not one visit.
  const refused =
    slugs.length === 0 ||
    hasErrorCode(eventsQuery.error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION') ||
    !!events?.some((e) => !combinable(e) || e.business.publicSlug !== publicSlug);
  useDocumentTitle(done ? v.doneTitle : refused ? v.notFound : v.pageTitle);
  const business = events?.[0]?.business;
  const totals = events ? basketTotals(events) : null;
  const salonPrice = totals && totals.priceCents > 0 ? formatCents(totals.priceCents, totals.currency) : null;
  // While the payment step holds the visit's places, its services stay as they were paid for.
  const [paying, setPaying] = useState(false);
  const remove = (slug: string) =>
    navigate(
      visitPath(
        publicSlug,
        slugs.filter((s) => s !== slug),
        embed,
      ),
      { replace: true },
    );

  return (
    <PublicPage themeColor={events?.[0]?.themeColor ?? (refused ? null : undefined)} embed={embed}>
      {business && !embed && <BusinessHeader business={business} />}
      <PublicCard embed={embed}>
        {refused ? (
          <StatusPanel
            icon={SearchX}
            title={v.notFound}
            actions={
              <Link href={backPath} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {v.toServices}
              </Link>
            }
          >
            {v.notFoundText}
          </StatusPanel>
        ) : eventsQuery.isError ? (
          <LoadError onRetry={() => void eventsQuery.refetch()} />
        ) : !events || !totals ? (
          <div role="status" className="space-y-4">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : done ? (
          <VisitDone
            visit={done}
            backPath={backPath}
            embed={embed}
            salonPrice={salonPrice}
            choosing={new Set(events.filter((e) => e.agendas.length > 1).map((e) => e.id))}
          />
        ) : (
          <div className="space-y-6 sm:space-y-8">
            <header className="space-y-3">
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{v.pageTitle}</h1>
              <section aria-label={v.services}>
                <ol className="divide-y rounded-xl border bg-card">
                  {events.map((event) => (
                    <li key={event.id} className="flex items-center justify-between gap-3 px-4 py-2.5">
                      <span className="min-w-0">
                        <span className="block text-sm font-medium [overflow-wrap:anywhere]">
                          {event.title}
                        </span>
                        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                          <Clock aria-hidden="true" className="size-3.5" />
                          {fill(nl.wizard.minutes, { count: event.durationMinutes })}
                        </span>
                      </span>
                      {slugs.length > 1 && !paying && (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={fill(v.removeNamed, { title: event.title })}
                          onClick={() => remove(event.slug)}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  ))}
                </ol>
                <p className="mt-2 text-sm text-muted-foreground" data-testid="visit-totals">
                  {v.totalTime}: {fill(nl.wizard.minutes, { count: totals.durationMinutes })}
                  {salonPrice && ` · ${v.totalPrice}: ${salonPrice}`}
                </p>
              </section>
            </header>
            <hr className="border-border" />
            {events.some((e) => e.paymentsUnavailable) ? (
              // A service paid online whose owner cannot take payments now: said before any step.
              <BookingUnavailable />
            ) : (
              <VisitWizard
                key={slugs.join(',')}
                events={events}
                fieldLists={fieldLists}
                fieldsError={fieldsQuery.isError}
                onRetryFields={() => void fieldsQuery.refetch()}
                onDone={setDone}
                paths={{ startPath: backPath, bookingPath: visitPath(publicSlug, slugs, embed) }}
                onPaying={setPaying}
              >
                {basketHasRoom(slugs.length) && (
                  <AddService publicSlug={publicSlug} slugs={slugs} embed={embed} />
                )}
              </VisitWizard>
            )}
          </div>
        )}
      </PublicCard>
    </PublicPage>
  );
}

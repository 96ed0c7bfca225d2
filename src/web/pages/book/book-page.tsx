import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { nlPublic as nl } from '@contracts/messages-public';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePublicEvent } from '@web/features/booking/api/get-public-event';
import { usePublicFields } from '@web/features/booking/api/get-public-fields';
import { BookingWizard } from '@web/features/booking/components/booking-wizard';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { EventHeader } from '@web/features/booking/components/event-header';
import { LoadError } from '@web/components/load-error';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { seedBookingPage } from '@web/features/booking/lib/inlined-page-data';
import { hasErrorCode } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

const loadNotices = () => import('@web/features/booking/components/booking-notices');
const EventNotFound = lazy(() => loadNotices().then((m) => ({ default: m.EventNotFound })));
const BookingUnavailable = lazy(() => loadNotices().then((m) => ({ default: m.BookingUnavailable })));

/** Public booking wizard /boek/{slug}; ?embed=true hides title, description and badges (docs/PRODUCT.md#web-routes). */
export default function BookPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const embed = new URLSearchParams(useSearch()).get('embed') === 'true';
  // The server's answers in the page, before the queries below look in the cache.
  const queryClient = useQueryClient();
  useState(() => seedBookingPage(queryClient, slug));
  const eventQuery = usePublicEvent(slug);
  const event = eventQuery.data;
  const fieldsQuery = usePublicFields(slug, !!event);
  // No such event, or a slug the server cannot even read.
  const notFound = hasErrorCode(eventQuery.error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION');
  useDocumentTitle(event?.title ?? (notFound ? nl.booking.eventNotFound : undefined));

  return (
    <PublicPage themeColor={event ? event.themeColor : undefined} embed={embed}>
      {event && !embed && <BusinessHeader business={event.business} />}
      <PublicCard embed={embed}>
        {eventQuery.isPending ? (
          <WizardSkeleton embed={embed} />
        ) : notFound ? (
          <Suspense fallback={<WizardSkeleton embed={embed} />}>
            <EventNotFound />
          </Suspense>
        ) : !event ? (
          <LoadError onRetry={() => void eventQuery.refetch()} />
        ) : (
          <div className="space-y-6 sm:space-y-8">
            {!embed && <EventHeader event={event} />}
            {!embed && <hr className="border-border" />}
            {embed && <h1 className="sr-only">{event.title}</h1>}
            {event.paymentsUnavailable ? (
              <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                <BookingUnavailable />
              </Suspense>
            ) : (
              <BookingWizard
                event={event}
                fields={fieldsQuery.data}
                fieldsError={fieldsQuery.isError}
                onRetryFields={() => void fieldsQuery.refetch()}
                embed={embed}
              />
            )}
          </div>
        )}
      </PublicCard>
    </PublicPage>
  );
}

/** Same outline as the loaded page, so nothing jumps when the event arrives. */
function WizardSkeleton({ embed }: { embed: boolean }) {
  return (
    <div role="status" className="space-y-6 sm:space-y-8">
      <span className="sr-only">{nl.layout.loading}</span>
      {!embed && (
        <>
          <div className="space-y-3">
            <Skeleton className="h-8 w-2/3 sm:h-9" />
            <Skeleton className="h-4 w-full max-w-md" />
            <div className="flex gap-2">
              <Skeleton className="h-6 w-24 rounded-full" />
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          </div>
          <hr className="border-border" />
        </>
      )}
      <div className="flex justify-around">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex flex-col items-center gap-1.5">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-3 w-12" />
          </div>
        ))}
      </div>
      <div className="min-h-[22rem] space-y-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-10 w-full" />
        <div className="grid gap-2 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-[3.75rem] rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}

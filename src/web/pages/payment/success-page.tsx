import { CalendarCheck2, CalendarClock, FileQuestion } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { buttonVariants } from '@web/components/ui/button';
import { AddToCalendar } from '@web/features/booking/components/add-to-calendar';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { DetailsList } from '@web/features/booking/components/details-list';
import { ManageLinkCard } from '@web/features/booking/components/manage-link-card';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { summaryItems } from '@web/features/booking/lib/summary-items';
import { bookingStorage } from '@web/features/booking/lib/booking-storage';
import { manageTokenOf } from '@web/features/booking/lib/booking-paths';
import { useDocumentTitle } from '@web/lib/use-document-title';

const p = nl.paymentPages;
// docs/PRODUCT.md#series: every date a series booked, in the series' own chunk.
const SeriesBooked = lazy(() =>
  import('@web/features/booking/components/series-parts').then((m) => ({ default: m.SeriesBooked })),
);

/** Booking confirmation /payment/success (docs/PRODUCT.md#payment-pages), from the summary the wizard stored. */
export default function SuccessPage() {
  const [summary] = useState(bookingStorage.summary);
  const embed = new URLSearchParams(useSearch()).get('embed') === 'true';
  // A request the owner still approves is received, not confirmed (docs/PRODUCT.md#approval).
  const requested = summary?.requested === true;
  useDocumentTitle(summary ? (requested ? p.requestedTitle : p.successTitle) : p.noSummaryTitle);
  // The booking page (docs/PRODUCT.md#good-endings); '/' only for a summary stored before that.
  const startPath = summary?.startPath ?? '/';
  const token = summary?.managementUrl ? manageTokenOf(summary.managementUrl) : null;

  return (
    <PublicPage embed={embed} themeColor={summary?.themeColor ?? null}>
      {summary?.business && !embed && <BusinessHeader business={summary.business} />}
      <PublicCard embed={embed}>
        {!summary ? (
          <StatusPanel
            icon={FileQuestion}
            title={p.noSummaryTitle}
            actions={
              <Link href="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {p.toStart}
              </Link>
            }
          >
            {p.noSummaryText}
          </StatusPanel>
        ) : (
          <div className="space-y-6">
            <StatusPanel
              icon={requested ? CalendarClock : CalendarCheck2}
              tone="success"
              title={requested ? p.requestedTitle : p.successTitle}
              focusTitle
            >
              {requested ? p.requestedText : p.successText}
              {!requested && summary.textChannel && ` ${p.alsoText[summary.textChannel]}`}
            </StatusPanel>
            {summary.paymentPending && (
              <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
                {nl.redirectPayment.pendingText}
              </p>
            )}
            <DetailsList items={summaryItems(summary)} />
            {summary.series && summary.series.length > 1 && (
              <Suspense>
                <SeriesBooked dates={summary.series} />
              </Suspense>
            )}
            {summary.managementUrl && <ManageLinkCard url={summary.managementUrl} newTab={embed} />}
            {!requested && summary.managementUrl && token && summary.timeZone && (
              <AddToCalendar
                eventTitle={summary.eventTitle}
                businessName={summary.business?.name ?? null}
                date={summary.date}
                time={summary.time}
                durationMinutes={summary.durationMinutes}
                timeZone={summary.timeZone}
                token={token}
                managementUrl={summary.managementUrl}
              />
            )}
            <div className="flex justify-center">
              <Link
                href={startPath}
                className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}
              >
                {embed ? p.newBooking : p.toStart}
              </Link>
            </div>
          </div>
        )}
      </PublicCard>
    </PublicPage>
  );
}

import { CircleX, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { buttonVariants } from '@web/components/ui/button';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { bookingStorage } from '@web/features/booking/lib/booking-storage';
import { bookAgainPath } from '@web/features/booking/lib/booking-paths';
import { useDocumentTitle } from '@web/lib/use-document-title';

const p = nl.paymentPages;

/** Payment failure /payment/failure (docs/PRODUCT.md#payment-pages): nothing was booked; try again or contact the owner. */
export default function FailurePage() {
  const [message] = useState(bookingStorage.failureMessage);
  const [returnUrl] = useState(bookingStorage.returnUrl);
  const [pending] = useState(bookingStorage.pending);
  const themeColor = pending?.themeColor ?? null;
  // Inside an embedded booking page the failure stays embedded, like the success page.
  const embed = new URLSearchParams(useSearch()).get('embed') === 'true';
  useDocumentTitle(p.failureTitle);
  // The start page of a customer is the business's page with all services, never the owner's
  // login (docs/PRODUCT.md#good-endings); '/' only when no booking of this tab is known.
  const startPath = bookAgainPath({ publicSlug: pending?.business?.publicSlug }, embed) ?? '/';

  return (
    <PublicPage themeColor={themeColor} embed={embed}>
      {pending?.business && !embed && <BusinessHeader business={pending.business} />}
      <PublicCard embed={embed}>
        <div className="space-y-6">
          <StatusPanel icon={CircleX} tone="danger" title={p.failureTitle} focusTitle>
            {p.failureText}
          </StatusPanel>
          {message && (
            <p
              role="alert"
              className="rounded-lg border border-destructive-text/30 bg-red-50 px-4 py-3 text-sm text-destructive-text dark:bg-red-950/40"
            >
              {message}
            </p>
          )}
          <div className="space-y-2 rounded-xl border p-4">
            <h2 className="text-sm font-semibold">{p.causesTitle}</h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {p.causes.map((cause) => (
                <li key={cause}>{cause}</li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Link href={returnUrl} className={buttonVariants({ size: 'lg' })}>
              <RotateCcw aria-hidden="true" />
              {p.retry}
            </Link>
            <Link href={startPath} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              {p.toStart}
            </Link>
          </div>
          <p className="text-center text-sm text-muted-foreground">{p.contactOwner}</p>
        </div>
      </PublicCard>
    </PublicPage>
  );
}

import { useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { LoadError } from '@web/components/load-error';
import { buttonVariants } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { getManagedBookingQueryOptions } from '@web/features/booking/api/get-managed-booking';
import { usePublicEvent } from '@web/features/booking/api/get-public-event';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { EventHeader } from '@web/features/booking/components/event-header';
import { PaymentStep } from '@web/features/booking/components/payment-step';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { bookingStorage } from '@web/features/booking/lib/booking-storage';
import { resultOfBooking } from '@web/features/booking/lib/paid-booking';
import {
  PAY_PAGE_PATH,
  parseHandoff,
  readHandoff,
  type PaymentHandoff,
} from '@web/features/booking/lib/payment-handoff';
import { useDocumentTitle } from '@web/lib/use-document-title';

const r = nl.redirectPayment;

/**
 * Takes the payment an embed handed over in the URL fragment. It is kept in this tab's
 * sessionStorage (a reload keeps it; the return from the bank needs the pending booking) and the
 * fragment is removed from the address bar and the history at once.
 */
function takeHandoff(): PaymentHandoff | null {
  const fromHash = readHandoff(window.location.hash);
  if (fromHash) {
    bookingStorage.saveHandoff(fromHash);
    bookingStorage.savePending(fromHash.payment.pending);
    window.history.replaceState(window.history.state, '', PAY_PAGE_PATH);
    return fromHash;
  }
  return parseHandoff(bookingStorage.handoff());
}

/**
 * `/betalen` (docs/PRODUCT.md#embed-payment): the payment of an embedded booking page at top level,
 * where the bank's pages may load. It returns through /payment/processing to /payment/success here.
 */
export default function PayPage() {
  const [handoff] = useState(takeHandoff);
  const [, navigate] = useLocation();
  const eventQuery = usePublicEvent(handoff?.slug ?? '');
  const event = handoff ? eventQuery.data : undefined;
  // Once, before the form: a payment already made (in another window of the same payment, or
  // before a reload) or given up is not offered again; it shows its result instead.
  const state = useQuery({
    ...getManagedBookingQueryOptions(handoff?.payment.managementToken ?? ''),
    enabled: !!handoff,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const booking = state.data?.booking;
  const settled = !!booking && booking.status !== 'pending';
  useEffect(() => {
    const target = handoff && booking ? resultOfBooking(booking, handoff.payment.pending) : null;
    if (target) navigate(target, { replace: true });
  }, [handoff, booking, navigate]);
  useDocumentTitle(handoff ? r.payPageTitle : r.invalidLinkTitle);

  return (
    <PublicPage themeColor={event ? event.themeColor : undefined}>
      {event && <BusinessHeader business={event.business} />}
      <PublicCard>
        {!handoff ? (
          <StatusPanel
            icon={LinkIcon}
            title={r.invalidLinkTitle}
            actions={
              <Link href="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {nl.paymentPages.toStart}
              </Link>
            }
          >
            {r.invalidLinkText}
          </StatusPanel>
        ) : eventQuery.isPending || state.isPending || settled ? (
          <div role="status" className="space-y-4">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : !event ? (
          <LoadError onRetry={() => void eventQuery.refetch()} />
        ) : (
          <div className="space-y-6 sm:space-y-8">
            <EventHeader event={event} />
            <hr className="border-border" />
            <PaymentStep
              event={event}
              payment={handoff.payment}
              returnPath={handoff.payment.pending.bookingPath}
              focusHeading={false}
            />
          </div>
        )}
      </PublicCard>
    </PublicPage>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { Spinner } from '@web/components/ui/spinner';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { bookingStorage } from '@web/features/booking/lib/booking-storage';
import {
  createPaidBooking,
  failurePath,
  paidBookingFailure,
  releaseHold,
  successPath,
  tokenOfManagementUrl,
} from '@web/features/booking/lib/paid-booking';
import { useDocumentTitle } from '@web/lib/use-document-title';

const p = nl.paymentPages;

/**
 * Return address for the card provider and the bank of a redirect method (docs/PRODUCT.md#paid-flow):
 * a succeeded (or still processing) payment with a pending booking creates the booking with the
 * payment intent id — the server retrieves the intent and decides paid or payment pending; a failed
 * or cancelled one gives the held slot back and goes to the failure page; anything else goes to the
 * start page.
 */
export default function ProcessingPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const started = useRef(false);
  // Whose booking this is stays in view while it is made (docs/PRODUCT.md#business-profile).
  const [stored] = useState(bookingStorage.pending);
  const business = stored?.business;
  const headed = Boolean(business && (business.name || business.logoUrl));
  useDocumentTitle(p.processingTitle);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    const query = new URLSearchParams(search);
    const intent = query.get('payment_intent');
    const status = query.get('redirect_status');
    const pending = bookingStorage.pending();

    // 'processing': the bank accepted but has not paid yet (Stripe reports it for delayed methods).
    if (intent && (status === 'succeeded' || status === 'processing')) {
      if (!pending) return navigate('/', { replace: true });
      createPaidBooking(pending, intent)
        .then(() => navigate(successPath(pending), { replace: true }))
        .catch((error: unknown) => {
          bookingStorage.saveFailure(paidBookingFailure(error), pending.bookingPath);
          navigate(failurePath(pending), { replace: true });
        });
    } else if (status === 'failed') {
      bookingStorage.saveFailure(p.paymentFailed, pending?.bookingPath);
      void releaseHold(tokenOfManagementUrl(pending?.managementUrl), pending).finally(() =>
        navigate(failurePath(pending), { replace: true }),
      );
    } else {
      navigate('/', { replace: true });
    }
  }, [search, navigate]);

  return (
    <PublicPage band={headed} themeColor={headed ? (stored?.themeColor ?? null) : null}>
      {business && headed && <BusinessHeader business={business} />}
      <PublicCard className={headed ? undefined : 'mt-16'}>
        <div className="flex flex-col items-center gap-4 py-8 text-center">
          <Spinner size="lg" label={p.processingTitle} />
          <div className="space-y-1">
            <h1 className="text-lg font-semibold">{p.processingTitle}</h1>
            <p className="text-sm text-muted-foreground">{p.processingText}</p>
          </div>
        </div>
      </PublicCard>
    </PublicPage>
  );
}

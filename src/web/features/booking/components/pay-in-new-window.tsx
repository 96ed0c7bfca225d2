/**
 * The payment step inside an embedded booking page (docs/PRODUCT.md#embed-payment). A bank's pages
 * (iDEAL | Wero, Bancontact) refuse to be framed, so the payment opens at top level in a new tab
 * (`/betalen`); this iframe then waits for the booking's state on the server — the only state both
 * share, since the iframe's storage is partitioned from the tab's — and shows the result.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { PendingButton } from '@web/components/pending-button';
import { buttonVariants } from '@web/components/ui/button';
import { SpinnerIcon } from '@web/components/ui/spinner-icon';
import { getManagedBookingQueryOptions } from '../api/get-managed-booking';
import { useAnnounce } from '../lib/announcer';
import { resultOfBooking } from '../lib/paid-booking';
import { payPageHref } from '../lib/payment-handoff';
import type { PaymentSession } from '../lib/wizard-state';
import { BackToReviewButton } from './back-to-review-button';

const r = nl.redirectPayment;

/** How often the iframe asks while the customer pays; returning to the page asks at once. */
const POLL_MS = 3_000;

export function PayInNewWindow({
  slug,
  payment,
  onBack,
}: {
  slug: string;
  payment: PaymentSession;
  onBack?: () => void;
}) {
  const [, navigate] = useLocation();
  const [opened, setOpened] = useState(false);
  const announce = useAnnounce();
  const href = payPageHref(slug, payment);
  // Only the customer's own check shows as busy, not every poll.
  const [checking, setChecking] = useState(false);
  const { data, refetch } = useQuery({
    ...getManagedBookingQueryOptions(payment.managementToken),
    enabled: opened,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

  // Back from the payment tab: a click into the iframe or its tab becoming visible asks at once.
  useEffect(() => {
    if (!opened) return;
    const check = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [opened, refetch]);

  // Confirmed by the tab's return, the webhook or the reconciliation; or given back after a failed
  // or abandoned payment: the iframe shows that result itself.
  const booking = data?.booking;
  useEffect(() => {
    const result = booking && resultOfBooking(booking, payment.pending);
    if (result) navigate(result);
  }, [booking, payment.pending, navigate]);

  const openLink = (label: string, variant: 'default' | 'outline') => (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      onClick={() => {
        setOpened(true);
        // The waiting panel replaces the link's step with its text: the page's live region says it.
        announce(`${r.waitingTitle} ${r.waitingText}`);
      }}
      className={buttonVariants({ size: 'lg', variant, className: 'sm:ml-auto' })}
    >
      <ExternalLink aria-hidden="true" />
      {label}
    </a>
  );

  if (!opened) {
    return (
      <div className="space-y-6">
        <p className="text-sm text-muted-foreground">{r.embedText}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {onBack && <BackToReviewButton onBack={onBack} />}
          {openLink(r.openWindow, 'default')}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-3 rounded-xl border p-6 text-center">
        <SpinnerIcon className="size-8 text-primary" />
        <h3 className="font-semibold">{r.waitingTitle}</h3>
        <p className="max-w-md text-sm text-balance text-muted-foreground">{r.waitingText}</p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack && <BackToReviewButton onBack={onBack} />}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <PendingButton
            variant="outline"
            size="lg"
            pending={checking}
            pendingLabel={r.checking}
            icon={<RefreshCw aria-hidden="true" />}
            onClick={() => {
              setChecking(true);
              void refetch().finally(() => setChecking(false));
            }}
          >
            {r.checkNow}
          </PendingButton>
          {openLink(r.reopenWindow, 'default')}
        </div>
      </div>
    </div>
  );
}

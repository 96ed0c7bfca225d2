import { nl } from '@contracts/messages';
import { ProblemAlert } from '@web/components/problem-alert';
import { useCurrentUser } from '@web/lib/current-user';

const t = nl.paymentKeys;

/**
 * The owner's payment keys do not work (none, or refused by Stripe) while services require payment:
 * those cannot be booked, so the dashboard says so with the way to repair it. Nothing otherwise.
 */
export function PaymentKeysAlert({ paidEvents }: { paidEvents: number | undefined }) {
  const { paymentKeysStatus } = useCurrentUser();
  if (paymentKeysStatus === 'ok' || !paidEvents) return null;
  return (
    <ProblemAlert title={t.warningTitle} link={{ href: '/settings', label: t.toSettings }}>
      <p>{paymentKeysStatus === 'broken' ? t.brokenText : t.missingText}</p>
    </ProblemAlert>
  );
}

import { Undo2 } from 'lucide-react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { SettingSwitchCard } from './setting-switch-card';

const r = nl.refunds;

/** "Automatisch terugbetalen bij tijdig annuleren" (docs/PRODUCT.md#refunds), beside the payment keys. */
export function AutoRefundCard({ user }: { user: PublicUser }) {
  return (
    <SettingSwitchCard
      user={user}
      setting="autoRefund"
      icon={Undo2}
      texts={{
        title: r.autoRefundTitle,
        text: r.autoRefundText,
        label: r.autoRefundLabel,
        hint: r.autoRefundHint,
        saved: r.autoRefundSaved,
        failed: r.autoRefundFailed,
      }}
    />
  );
}

import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useUpdatePaymentKeys } from '../api/update-payment-keys';

const r = nl.refunds;

/**
 * "Automatisch terugbetalen bij tijdig annuleren" (docs/PRODUCT.md#refunds): beside the payment keys,
 * saved at once through PATCH /api/user/settings { autoRefund }, which leaves the keys as they are.
 */
export function AutoRefundCard({ user }: { user: PublicUser }) {
  const id = useId();
  const save = useUpdatePaymentKeys({
    onSuccess: () => toast({ title: r.autoRefundSaved }),
    onError: (error) =>
      toast({ variant: 'destructive', title: r.autoRefundFailed, description: describeError(error) }),
  });
  const checked =
    save.isPending && save.variables?.autoRefund !== undefined ? save.variables.autoRefund : user.autoRefund;
  return (
    <Card>
      <SettingsCardHeader icon={Undo2} title={r.autoRefundTitle} description={r.autoRefundText} />
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={id}>{r.autoRefundLabel}</Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {r.autoRefundHint}
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={checked}
            disabled={save.isPending}
            onCheckedChange={(autoRefund) => save.mutate({ autoRefund })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatDutchDeadline } from '@core/index';
import { PendingButton } from '@web/components/pending-button';
import { InlineError } from '@web/components/form-messages';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { useDecideRequest } from '../api/decide-request';

const a = nl.approval;

/**
 * A request's decision in the booking's panel (docs/PRODUCT.md#approval): until when the owner may
 * decide, an optional note for the customer, 'Bevestigen' and 'Afwijzen'.
 */
export function RequestDecision({ booking }: { booking: OwnerBookingDto }) {
  const id = useId();
  const { timeZone } = useCurrentUser();
  const [reason, setReason] = useState('');
  const decide = useDecideRequest({
    onSuccess: (_res, v) => toast({ title: v.decision === 'approve' ? a.approved : a.declined }),
  });
  const problem = decide.isError ? describeError(decide.error) : undefined;
  const run = (decision: 'approve' | 'decline') =>
    decide.mutate({ id: booking.id, decision, reason: decision === 'decline' ? reason.trim() : undefined });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 border-b bg-sky-50 px-6 py-4 dark:bg-sky-500/10"
    >
      <p id={`${id}-title`} className="text-sm font-medium">
        {a.sheetTitle}
      </p>
      {booking.approvalExpiresAt && (
        <p className="text-sm text-muted-foreground">
          {fill(a.sheetUntil, {
            deadline: formatDutchDeadline(new Date(booking.approvalExpiresAt), timeZone),
          })}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>{a.reasonLabel}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <InlineError message={problem} />
      <div className="flex flex-wrap gap-2">
        <PendingButton
          pending={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
          icon={<Check aria-hidden="true" />}
          onClick={() => run('approve')}
        >
          {a.approve}
        </PendingButton>
        <PendingButton
          variant="outline"
          pending={decide.isPending && decide.variables?.decision === 'decline'}
          disabled={decide.isPending}
          icon={<X aria-hidden="true" />}
          onClick={() => run('decline')}
        >
          {a.decline}
        </PendingButton>
      </div>
    </section>
  );
}

import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { nl } from '@contracts/messages';
import { formatDutchDeadline, formatLongDutchDate } from '@core/index';
import { InlineError } from '@web/components/form-messages';
import { PendingButton } from '@web/components/pending-button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { AuthShell } from '@web/features/auth/components/auth-shell';
import { LinkCheckStatus } from '@web/features/auth/components/link-check-status';
import { useApproval, useDecideByLink } from '@web/features/bookings/api/approval-link';
import { describeError, hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useDocumentTitle } from '@web/lib/use-document-title';

const a = nl.approval;

/**
 * `/aanvraag/:token`, the link of the owner's notice of a request (docs/PRODUCT.md#approval). It
 * works without a session and decides nothing by being opened (a mail scanner that follows the link
 * leaves the request open): the owner presses 'Bevestigen' or 'Afwijzen' here, and the link's
 * `?besluit=` only says which of the two the notice's link was. A request already decided says so.
 */
export default function ApprovalPage() {
  useDocumentTitle(a.pageTitle);
  const id = useId();
  const { token = '' } = useParams<{ token: string }>();
  const [params] = useSearchParams();
  const declining = params.get('besluit') === 'afwijzen';
  const approval = useApproval(token);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const decide = useDecideByLink(token, {
    onSuccess: (res) => setDone(res.status === 'confirmed' ? a.approved : a.declined),
  });
  const data = approval.data;
  const unknown = hasErrorCode(approval.error, 'NOT_FOUND');
  const text = unknown
    ? a.notFound
    : data
      ? fill(a.what, {
          customer: data.customerName,
          service: data.eventTitle,
          date: formatLongDutchDate(data.bookingDate),
          time: data.bookingTime,
        })
      : '';
  const decidedText = data?.status === 'confirmed' ? a.decidedConfirmed : a.decidedCancelled;
  const problem =
    decide.isError && !hasErrorCode(decide.error, 'CONFLICT') ? describeError(decide.error) : undefined;

  return (
    <AuthShell title={a.pageTitle} text={text}>
      {approval.isPending && <LinkCheckStatus state="loading" error={null} />}
      {approval.isError && !unknown && <LinkCheckStatus state="error" error={approval.error} />}
      {done ? (
        <p role="status" className="rounded-lg border bg-muted/50 p-3 text-sm">
          {done}
        </p>
      ) : (
        data &&
        (data.decided ? (
          <p role="status" className="rounded-lg border bg-muted/50 p-3 text-sm">
            {decidedText}
          </p>
        ) : (
          <div className="grid gap-5">
            {data.expiresAt && (
              <p className="text-sm text-muted-foreground">
                {fill(a.deadline, {
                  deadline: formatDutchDeadline(new Date(data.expiresAt), data.timeZone),
                })}
              </p>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-reason`}>{a.reasonLabel}</Label>
              <Textarea
                id={`${id}-reason`}
                value={reason}
                maxLength={500}
                rows={3}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <InlineError message={problem} />
            <div className="grid gap-2 sm:grid-cols-2">
              <PendingButton
                size="lg"
                variant={declining ? 'outline' : 'default'}
                pending={decide.isPending && decide.variables?.decision === 'approve'}
                disabled={decide.isPending}
                icon={<Check aria-hidden="true" />}
                onClick={() => decide.mutate({ decision: 'approve' })}
              >
                {a.approve}
              </PendingButton>
              <PendingButton
                size="lg"
                variant={declining ? 'default' : 'outline'}
                pending={decide.isPending && decide.variables?.decision === 'decline'}
                disabled={decide.isPending}
                icon={<X aria-hidden="true" />}
                onClick={() => decide.mutate({ decision: 'decline', reason: reason.trim() || undefined })}
              >
                {a.decline}
              </PendingButton>
            </div>
          </div>
        ))
      )}
    </AuthShell>
  );
}

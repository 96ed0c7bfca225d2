import { MailWarning } from 'lucide-react';
import { useId } from 'react';
import { mailBrokenWarning, mailWaitingText } from '@contracts/mail-health-text';
import { nl } from '@contracts/messages';
import type { MailStatusDto } from '@contracts/notifications';
import { formatShortDutchDate } from '@core/index';
import { ProblemAlert } from '@web/components/problem-alert';
import { fill } from '@web/lib/fill-message';
import { useMailStatus } from '../api/get-mail-status';

const t = nl.mailHealth;

/**
 * The owner's mail connection as the server last found it: a warning while their SMTP server or
 * Gmail fails (with what to do and how much mail waits), and the e-mails that could not be sent,
 * with the customer each was for. Renders nothing while all is well.
 */
export function MailStatusAlert({
  headingLevel = 2,
  linkToSettings = false,
}: {
  headingLevel?: 2 | 3;
  linkToSettings?: boolean;
}) {
  const { data } = useMailStatus();
  if (!data || (!data.broken && !data.waiting && !data.failed.length)) return null;
  return (
    <div className="grid gap-3">
      {data.broken ? (
        <BrokenWarning reason={data.broken.reason} waiting={data.waiting} linkToSettings={linkToSettings} />
      ) : (
        data.waiting > 0 && (
          <p role="status" className="rounded-lg border p-3 text-sm">
            {mailWaitingText(data.waiting)}
          </p>
        )
      )}
      {data.failed.length > 0 && <FailedMails failed={data.failed} headingLevel={headingLevel} />}
    </div>
  );
}

function BrokenWarning({
  reason,
  waiting,
  linkToSettings,
}: {
  reason: NonNullable<MailStatusDto['broken']>['reason'];
  waiting: number;
  linkToSettings: boolean;
}) {
  const w = mailBrokenWarning(reason, waiting);
  return (
    <ProblemAlert
      title={w.title}
      link={linkToSettings ? { href: '/settings', label: t.toSettings } : undefined}
    >
      <p>{w.advice}</p>
      {w.waiting && <p>{w.waiting}</p>}
    </ProblemAlert>
  );
}

function FailedMails({ failed, headingLevel }: { failed: MailStatusDto['failed']; headingLevel: 2 | 3 }) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-lg border border-destructive/40 p-4 text-sm">
      <Heading id={id} className="flex items-center gap-2 font-semibold">
        <MailWarning aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
        {t.failedTitle}
      </Heading>
      <p className="text-muted-foreground">{t.failedText}</p>
      <ul className="grid gap-1.5">
        {failed.map((f) => (
          <li key={f.id} className="break-words">
            {fill(t.failedItem, {
              kind: t.kinds[f.kind],
              name: f.customerName ?? '—',
              date: f.bookingDate ? formatShortDutchDate(f.bookingDate) : '—',
              time: f.bookingTime ?? '—',
            })}
            {f.customerEmail && <span className="text-muted-foreground"> · {f.customerEmail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { buttonVariants } from '@web/components/ui/button';
import { dismissToast } from '@web/components/ui/use-toast';
import { useInvitation } from '@web/features/auth/api/invitation';
import { AcceptInvitationForm } from '@web/features/auth/components/accept-invitation-form';
import { LinkCheckStatus } from '@web/features/auth/components/link-check-status';
import { AuthShell } from '@web/features/auth/components/auth-shell';
import { hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useDocumentTitle } from '@web/lib/use-document-title';

type Gone = 'invalid' | 'expired';

/**
 * `/uitnodiging/:token`, the link of a team invitation (docs/PRODUCT.md#team): the business, the
 * name and role it is for, and a username and password to choose; accepting signs the new member in
 * and opens the app. An unknown or used link (404) and an expired one (410) each say so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const invitation = useInvitation(token);
  const [gone, setGone] = useState<Gone | null>(null);
  const m = nl.team.page;
  const current: Gone | 'loading' | 'error' | 'form' =
    gone ??
    (invitation.isPending
      ? 'loading'
      : hasErrorCode(invitation.error, 'GONE')
        ? 'expired'
        : hasErrorCode(invitation.error, 'NOT_FOUND')
          ? 'invalid'
          : invitation.isError
            ? 'error'
            : 'form');
  const data = invitation.data;
  const { title, text } =
    current === 'expired'
      ? { title: m.expiredTitle, text: nl.team.invitationExpired }
      : current === 'invalid'
        ? { title: m.invalidTitle, text: nl.team.invitationInvalid }
        : current === 'form' && data
          ? {
              title: m.title,
              text: fill(m.text, { business: data.businessName, role: nl.team.roles[data.role] }),
            }
          : { title: m.title, text: '' };
  useDocumentTitle(title);

  return (
    <AuthShell title={title} text={text}>
      {(current === 'loading' || current === 'error') && (
        <LinkCheckStatus state={current} error={invitation.error} />
      )}
      {current === 'form' && data && (
        <div className="grid gap-5">
          <p className="rounded-lg border bg-muted/50 p-3 text-sm">
            {fill(m.forName, { name: data.name, email: data.email })}
            <br />
            <span className="text-muted-foreground">{m.chooseText}</span>
          </p>
          <AcceptInvitationForm
            token={token}
            onDone={() => {
              dismissToast();
              navigate('/', { replace: true });
            }}
            onGone={(expired) => setGone(expired ? 'expired' : 'invalid')}
          />
        </div>
      )}
      {(current === 'invalid' || current === 'expired') && (
        <Link href="/auth" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          {m.toLogin}
        </Link>
      )}
    </AuthShell>
  );
}

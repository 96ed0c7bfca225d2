import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { buttonVariants } from '@web/components/ui/button';
import { dismissToast } from '@web/components/ui/use-toast';
import { usePasswordResetLink } from '@web/features/auth/api/get-password-reset-link';
import { LinkCheckStatus } from '@web/features/auth/components/link-check-status';
import { AuthShell, FORGOT_PASSWORD_SEARCH } from '@web/features/auth/components/auth-shell';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { hasErrorCode } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

type State = 'form' | 'done' | 'invalid';

/**
 * `/auth/reset/:token`, the link of a password reset e-mail (docs/PRODUCT.md#password-reset): a new
 * password twice; an expired, used or unknown link offers to request a new one.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const link = usePasswordResetLink(token);
  const [state, setState] = useState<State>('form');
  // Once set, the link is spent (and the cache cleared, so the check asks again and hears 404):
  // the page stays on its success.
  const current: State | 'loading' | 'error' =
    state !== 'form'
      ? state
      : link.isPending
        ? 'loading'
        : hasErrorCode(link.error, 'NOT_FOUND')
          ? 'invalid'
          : link.isError
            ? 'error'
            : 'form';
  const m = nl.passwordReset;
  const { title, text } =
    current === 'done'
      ? { title: m.doneTitle, text: m.doneText }
      : current === 'invalid'
        ? { title: m.invalidTitle, text: m.invalidLink }
        : { title: m.resetTitle, text: m.resetText };
  useDocumentTitle(title);

  return (
    <AuthShell title={title} text={text}>
      {(current === 'loading' || current === 'error') && (
        <LinkCheckStatus state={current} error={link.error} />
      )}
      {current === 'form' && (
        <ResetPasswordForm
          token={token}
          onDone={() => {
            dismissToast();
            setState('done');
          }}
          onInvalid={() => setState('invalid')}
        />
      )}
      {current === 'done' && (
        <div className="grid gap-4">
          {/* The heading changed above; a screen reader hears the outcome too. */}
          <p role="status" className="sr-only">
            {m.doneTitle}
          </p>
          <Link href="/auth" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {m.toLogin}
          </Link>
        </div>
      )}
      {current === 'invalid' && (
        <div className="grid gap-3">
          <Link
            href={`/auth?${FORGOT_PASSWORD_SEARCH}`}
            className={buttonVariants({ size: 'lg', className: 'w-full' })}
          >
            {m.requestNew}
          </Link>
          <Link href="/auth" className={buttonVariants({ variant: 'ghost', className: 'w-full' })}>
            {m.backToLogin}
          </Link>
        </div>
      )}
    </AuthShell>
  );
}

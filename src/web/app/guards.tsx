import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { nlPublic as nl } from '@contracts/messages-public';
import { Button } from '@web/components/ui/button';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/current-user';
import { describeError } from '@web/lib/api-client';

/** docs/PRODUCT.md#web-routes: spinner while the current user loads, /auth without a user, otherwise the page. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();
  // A failed background refresh keeps the signed-in owner on the page.
  if (user) return children;
  if (isPending) return <FullScreenSpinner />;
  if (isError)
    return <UserLoadError message={describeError(error)} onRetry={() => void refetch()} busy={isFetching} />;
  return <Redirect to="/auth" replace />;
}

/** /auth is only for signed-out visitors. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (user) return <Redirect to="/" replace />;
  if (isPending) return <FullScreenSpinner />;
  return children;
}

function UserLoadError({ message, onRetry, busy }: { message: string; onRetry: () => void; busy: boolean }) {
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div role="alert" className="max-w-md space-y-4 rounded-xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-lg font-semibold">{nl.clientErrors.loadFailed}</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button onClick={onRetry} disabled={busy}>
          {nl.clientErrors.retry}
        </Button>
      </div>
    </main>
  );
}

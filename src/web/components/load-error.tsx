import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import { EmptyState } from '@web/components/empty-state';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { describeError, hasErrorCode } from '@web/lib/api-client';

/**
 * A read that failed, with a retry. Owner pages pass the `error`, whose Dutch description is shown;
 * with `notFoundTitle`, NOT_FOUND says that instead and offers no retry. The public pages pass no
 * error: a customer gets no technical details. (Its texts come from the public messages part, so the
 * booking page can show it without loading the owner app's texts.)
 */
export function LoadError({
  error,
  notFoundTitle,
  onRetry,
  action,
  className,
}: {
  error?: unknown;
  notFoundTitle?: string;
  onRetry: () => void;
  action?: ReactNode;
  className?: string;
}) {
  const notFound = notFoundTitle !== undefined && hasErrorCode(error, 'NOT_FOUND');
  return (
    <div role="alert" className={className}>
      <EmptyState
        icon={TriangleAlert}
        title={notFound ? notFoundTitle : nl.clientErrors.loadFailed}
        description={notFound || error === undefined ? undefined : describeError(error)}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {!notFound && (
              <Button variant="outline" onClick={onRetry}>
                {nl.clientErrors.retry}
              </Button>
            )}
            {action}
          </div>
        }
      />
    </div>
  );
}

/**
 * The compact form of a failed read, for a field or a card section inside a form or page that
 * otherwise works: the Dutch message and a small retry button.
 */
export function InlineLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-2">
      <InlineError message={message} />
      <Button variant="outline" size="sm" onClick={onRetry}>
        {nl.clientErrors.retry}
      </Button>
    </div>
  );
}

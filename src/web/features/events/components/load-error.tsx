import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { EmptyState } from '@web/components/empty-state';
import { Button } from '@web/components/ui/button';
import { describeError, hasErrorCode } from '@web/lib/api-client';

/** A failed load: 'not found' for NOT_FOUND, otherwise the error and a retry button. */
export function LoadError({
  error,
  notFoundTitle,
  onRetry,
  action,
}: {
  error: unknown;
  notFoundTitle: string;
  onRetry: () => void;
  action?: ReactNode;
}) {
  const notFound = hasErrorCode(error, 'NOT_FOUND');
  return (
    <EmptyState
      icon={TriangleAlert}
      title={notFound ? notFoundTitle : nl.clientErrors.loadFailed}
      description={notFound ? undefined : describeError(error)}
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
  );
}

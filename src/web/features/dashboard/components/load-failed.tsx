import { TriangleAlert } from 'lucide-react';
import { nl } from '@contracts/messages';
import { EmptyState } from '@web/components/empty-state';
import { Button } from '@web/components/ui/button';
import { describeError } from '@web/lib/api-client';

/** A read that failed: what went wrong, in Dutch, and a way to try again. */
export function LoadFailed({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <EmptyState
      icon={TriangleAlert}
      title={nl.clientErrors.loadFailed}
      description={describeError(error)}
      className={className}
      action={
        <Button variant="outline" onClick={onRetry}>
          {nl.clientErrors.retry}
        </Button>
      }
    />
  );
}

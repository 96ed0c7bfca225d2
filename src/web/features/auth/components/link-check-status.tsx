import { CircleAlert } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';
import { describeError } from '@web/lib/api-client';

/**
 * What a page behind an e-mailed link (a password reset, a team invitation) shows while the server
 * checks the link, and when that check could not be made (the link's own 404/410 are pages' states).
 */
export function LinkCheckStatus({ state, error }: { state: 'loading' | 'error'; error: unknown }) {
  if (state === 'loading')
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  return (
    <p role="alert" className="flex gap-2 text-sm text-destructive-text">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {describeError(error)}
    </p>
  );
}

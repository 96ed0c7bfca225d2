import { nl } from '@contracts/messages';
import { Skeleton } from '@web/components/ui/skeleton';

/** The shape of a tabbed form while its data loads. */
export function FormSkeleton({ withHeader = true }: { withHeader?: boolean }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">{nl.layout.loading}</span>
      {withHeader && (
        <>
          <Skeleton className="h-4 w-40" />
          <div className="space-y-2">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-4 w-96 max-w-full" />
          </div>
        </>
      )}
      <Skeleton className="h-10 w-full max-w-xl" />
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}

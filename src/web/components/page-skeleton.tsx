import { nlPublic as nl } from '@contracts/messages-public';
import { Skeleton } from './ui/skeleton';

/** Shown while a page's code loads: the shape of a header and a card. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{nl.layout.loading}</span>
      <div className="space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}

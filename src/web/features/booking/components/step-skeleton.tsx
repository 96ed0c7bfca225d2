import { nlPublic as nl } from '@contracts/messages-public';
import { Skeleton } from '@web/components/ui/skeleton';

/** Placeholder while a step's code loads: heading, text and a few rows. */
export function StepSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{nl.layout.loading}</span>
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-64 max-w-full" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

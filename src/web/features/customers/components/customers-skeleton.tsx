import { nl } from '@contracts/messages';
import { Skeleton } from '@web/components/ui/skeleton';

/** Placeholder rows while the first page of customers loads. */
export function CustomersSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid gap-0 overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <span className="sr-only">{nl.customersUi.loading}</span>
      <Skeleton className="h-10 rounded-none" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-4 border-t px-4 py-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="hidden h-4 w-40 md:block" />
          <Skeleton className="h-4 w-12" />
          <Skeleton className="ml-auto h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

import { nl } from '@contracts/messages';
import { Skeleton } from '@web/components/ui/skeleton';

/** Placeholder rows while the first page of bookings loads. */
export function BookingsSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid gap-0 overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <span className="sr-only">{nl.bookingsUi.loading}</span>
      <Skeleton className="h-10 rounded-none" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-4 border-t px-4 py-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="hidden h-4 w-40 md:block" />
          <Skeleton className="ml-auto h-5 w-20 rounded-md" />
        </div>
      ))}
    </div>
  );
}

import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

export function EventCardSkeleton() {
  return (
    <Card aria-hidden="true" className="gap-4 overflow-hidden pt-0 pb-0">
      <Skeleton className="h-1.5 rounded-none" />
      <CardHeader className="gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-20 w-full" />
      </CardContent>
      <CardFooter className="border-t px-3 py-2">
        <Skeleton className="h-9 w-full" />
      </CardFooter>
    </Card>
  );
}

/** The loading state of a card grid (docs/PRODUCT.md#events-overview: three placeholder cards), announced to screen readers. */
export function CardGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{label}</span>
      <EventCardSkeleton />
      <EventCardSkeleton />
      <EventCardSkeleton />
    </div>
  );
}

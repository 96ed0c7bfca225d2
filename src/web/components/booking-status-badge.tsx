import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

type Status = OwnerBookingDto['status'];

/** Colours chosen for AA contrast in both themes. */
const STYLES: Record<Status, string> = {
  confirmed:
    'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  pending: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  cancelled: 'border-transparent bg-muted text-muted-foreground',
  requested: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-300',
};

const DOTS: Record<Status, string> = {
  confirmed: 'bg-emerald-500',
  pending: 'bg-amber-500',
  cancelled: 'bg-muted-foreground/60',
  requested: 'bg-sky-500',
};

/** A booking's status (docs/PRODUCT.md#bookings-page: Bevestigd, In afwachting, Geannuleerd, Aangevraagd), on the bookings and the dashboard. */
export function BookingStatusBadge({ status, className }: { status: Status; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STYLES[status], className)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOTS[status])} />
      {nl.bookingsUi.statuses[status]}
    </Badge>
  );
}

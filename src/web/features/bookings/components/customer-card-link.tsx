import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { IconAction } from '@web/components/icon-action';
import { customerPath } from '@web/lib/customer-paths';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

/**
 * The way from a booking to its customer's card, beside the name (the name itself opens the
 * booking's details): 'Klantkaart van Anna de Boer'.
 */
export function CustomerCardLink({
  booking,
  className,
}: {
  booking: Pick<OwnerBookingDto, 'customerId' | 'customerName'>;
  className?: string;
}) {
  return (
    <IconAction
      asChild
      label={fill(nl.customersUi.openCard, { name: booking.customerName })}
      className={cn('size-7 shrink-0 text-muted-foreground hover:text-foreground', className)}
    >
      <Link href={customerPath(booking.customerId)}>
        <UserRound aria-hidden="true" />
      </Link>
    </IconAction>
  );
}

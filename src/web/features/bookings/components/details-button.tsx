import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

/**
 * The customer's name in the list and on a phone's card, as the button that opens the booking's
 * details panel (its name says so: 'Details van Anna de Boer').
 */
export function DetailsButton({
  booking,
  onOpen,
  className,
}: {
  booking: OwnerBookingDto;
  onOpen: (booking: OwnerBookingDto, from: HTMLElement) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={fill(nl.bookingDetails.open, { name: booking.customerName })}
      onClick={(e) => onOpen(booking, e.currentTarget)}
      className={cn(
        'max-w-full cursor-pointer rounded-sm text-left break-words underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {booking.customerName}
    </button>
  );
}

import { Ban, Pencil, Repeat, Trash2, UserCheck, UserX, type LucideIcon } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { zonedTimeToUtc } from '@core/index';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { useUpdateBooking } from '../api/update-booking';

const t = nl.bookingsUi;

export type BookingAction = 'edit' | 'cancel' | 'delete';

/** Edit, cancel and delete of one booking; a cancelled booking can only be deleted (docs/PRODUCT.md#bookings-page). */
export function BookingActions({
  booking,
  onAction,
  withText = false,
  className,
  onRepeat,
}: {
  booking: OwnerBookingDto;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  /** 'Herhalen' (the details panel's): a series after this booking, where the panel offers one. */
  onRepeat?: () => void;
  /** Show the action names next to the icons (phone cards, where there is room and no hover). */
  withText?: boolean;
  className?: string;
}) {
  const { allowedActions } = useCurrentUser();
  const name = booking.customerName;
  const active = booking.status !== 'cancelled';
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-1', className)}>
      <NoShowAction booking={booking} withText={withText} />
      {active && (
        <IconButton
          icon={Pencil}
          label={fill(t.editOf, { name })}
          tip={t.edit}
          withText={withText}
          onClick={() => onAction('edit', booking)}
        />
      )}
      {onRepeat && (
        <IconButton
          icon={Repeat}
          label={fill(nl.series.repeatOf, { name })}
          tip={nl.series.repeat}
          withText={withText}
          onClick={onRepeat}
        />
      )}
      {active && (
        <IconButton
          icon={Ban}
          label={fill(t.cancelOf, { name })}
          tip={t.cancel}
          withText={withText}
          onClick={() => onAction('cancel', booking)}
        />
      )}
      {/* Removing for good is a manager's (docs/PRODUCT.md#roles). */}
      {allowedActions.includes('bookings.delete') && (
        <IconButton
          icon={Trash2}
          label={fill(t.deleteOf, { name })}
          tip={t.delete}
          withText={withText}
          destructive
          onClick={() => onAction('delete', booking)}
        />
      )}
    </div>
  );
}

/**
 * Marks a confirmed booking whose start has passed as not shown, or takes the mark back
 * (docs/PRODUCT.md#no-shows); not offered before the start, which the server refuses too.
 */
export function NoShowAction({ booking, withText }: { booking: OwnerBookingDto; withText: boolean }) {
  const { timeZone } = useCurrentUser();
  const update = useUpdateBooking({
    onSuccess: (row) => toast({ title: row.noShow ? nl.noShows.marked : nl.noShows.unmarked }),
    onError: (error) =>
      toast({ variant: 'destructive', title: nl.noShows.failed, description: describeError(error) }),
  });
  const started = zonedTimeToUtc(booking.bookingDate, booking.bookingTime, timeZone).getTime() <= Date.now();
  if (booking.status !== 'confirmed' || !started) return null;
  const name = booking.customerName;
  const marked = booking.noShow;
  return (
    <IconButton
      icon={marked ? UserCheck : UserX}
      label={fill(marked ? nl.noShows.unmarkLabel : nl.noShows.markLabel, { name })}
      tip={marked ? nl.noShows.unmark : nl.noShows.mark}
      withText={withText}
      disabled={update.isPending}
      onClick={() => update.mutate({ id: booking.id, body: { noShow: !marked } })}
    />
  );
}

function IconButton({
  icon: Icon,
  label,
  tip,
  withText,
  destructive,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tip: string;
  withText: boolean;
  destructive?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const tone = destructive && 'text-destructive-text hover:bg-destructive/10 hover:text-destructive-text';
  if (withText) {
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        className={cn('px-2 has-[>svg]:px-2', tone)}
      >
        <Icon aria-hidden="true" />
        {tip}
      </Button>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          className={cn(
            'size-8',
            destructive && 'text-destructive-text hover:bg-destructive/10 hover:text-destructive-text',
          )}
        >
          <Icon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

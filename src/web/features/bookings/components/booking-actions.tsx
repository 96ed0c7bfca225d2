import { Ban, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

const t = nl.bookingsUi;

export type BookingAction = 'edit' | 'cancel' | 'delete';

/** Edit, cancel and delete of one booking; a cancelled booking can only be deleted (docs/PRODUCT.md#bookings-page). */
export function BookingActions({
  booking,
  onAction,
  withText = false,
  className,
}: {
  booking: OwnerBookingDto;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  /** Show the action names next to the icons (phone cards, where there is room and no hover). */
  withText?: boolean;
  className?: string;
}) {
  const name = booking.customerName;
  const active = booking.status !== 'cancelled';
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-1', className)}>
      {active && (
        <IconButton
          icon={Pencil}
          label={fill(t.editOf, { name })}
          tip={t.edit}
          withText={withText}
          onClick={() => onAction('edit', booking)}
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
      <IconButton
        icon={Trash2}
        label={fill(t.deleteOf, { name })}
        tip={t.delete}
        withText={withText}
        destructive
        onClick={() => onAction('delete', booking)}
      />
    </div>
  );
}

function IconButton({
  icon: Icon,
  label,
  tip,
  withText,
  destructive,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tip: string;
  withText: boolean;
  destructive?: boolean;
  onClick: () => void;
}) {
  const tone = destructive && 'text-destructive-text hover:bg-destructive/10 hover:text-destructive-text';
  if (withText) {
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
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

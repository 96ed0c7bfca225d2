import { CalendarDays } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatLongDutchDate } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { Badge } from '@web/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { fill } from '@web/lib/fill-message';
import { timeRangeText } from '../lib/booking-text';
import { agendaTint } from './agenda-booking';
import { BookingActions, type BookingAction } from './booking-actions';
import { BookingMoney } from './booking-money';
import { BookingStateBadges, RefundFailure } from './booking-state-badges';
import { ContactLines } from './contact-lines';

const t = nl.agendaView;

/**
 * What the agenda shows of a booking on a click: the table row's facts (customer, service, time,
 * contact, status) and the same actions, which open the bookings page's own edit, cancel and delete
 * dialogs on top of this one. The customer's other answers follow, since the grid has no room for them.
 */
export function BookingDetailsDialog({
  booking,
  color,
  open,
  onOpenChange,
  onAction,
  onCloseAutoFocus,
}: {
  booking: OwnerBookingDto | null;
  color: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {booking && <Details booking={booking} color={color} onAction={onAction} />}
      </DialogContent>
    </Dialog>
  );
}

function Details({
  booking: b,
  color,
  onAction,
}: {
  booking: OwnerBookingDto;
  color: string | undefined;
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
}) {
  // Answers already shown as the name, e-mail or phone are not repeated.
  const shown = new Set([b.customerName, b.customerEmail, b.customerPhone].filter(Boolean));
  const answers = Object.entries(b.customFieldResponses).filter(([, v]) => v.trim() && !shown.has(v));
  return (
    <>
      <DialogHeader className="pr-6">
        <DialogTitle className={b.status === 'cancelled' ? 'line-through' : undefined}>
          {b.customerName}
        </DialogTitle>
        <DialogDescription className="flex items-center justify-center gap-2 sm:justify-start">
          <span
            aria-hidden="true"
            style={agendaTint(color)}
            className="size-2.5 shrink-0 rounded-full bg-[var(--agenda)]"
          />
          {fill(t.detailsText, { event: b.eventTitle, agenda: b.agendaName })}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-1.5">
        <BookingStatusBadge status={b.status} />
        {b.paymentStatus === 'paid' && <Badge variant="outline">{nl.bookingsUi.paid}</Badge>}
        <BookingStateBadges booking={b} />
      </div>
      <RefundFailure booking={b} />
      <BookingMoney booking={b} className="text-sm" />
      <dl className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{t.when}</dt>
          <dd className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
            <span>
              {formatLongDutchDate(b.bookingDate)}, <span className="tabular-nums">{timeRangeText(b)}</span>
            </span>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{t.contact}</dt>
          <dd>
            <ContactLines booking={b} />
          </dd>
        </div>
        {answers.length > 0 && (
          <div className="grid gap-1">
            <dt className="text-xs font-medium text-muted-foreground">{t.answers}</dt>
            <dd>
              <dl className="grid gap-1.5 rounded-md bg-muted/50 p-3">
                {answers.map(([field, value]) => (
                  <div key={field} className="grid gap-0.5">
                    <dt className="text-xs text-muted-foreground">{field}</dt>
                    <dd className="break-words whitespace-pre-wrap">{value}</dd>
                  </div>
                ))}
              </dl>
            </dd>
          </div>
        )}
      </dl>
      <BookingActions
        booking={b}
        onAction={onAction}
        withText
        className="-mx-2 -mb-2 justify-start border-t px-0 pt-3"
      />
    </>
  );
}

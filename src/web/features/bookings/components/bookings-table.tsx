import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatShortDutchDate } from '@core/index';
import { Badge } from '@web/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { timeRangeText } from '../lib/booking-text';
import { BookingActions, type BookingAction } from './booking-actions';
import { BookingMoney } from './booking-money';
import { BookingStateBadges, RefundFailure } from './booking-state-badges';
import { ContactLines } from './contact-lines';
import { CustomerCardLink } from './customer-card-link';
import { DetailsButton } from './details-button';

const t = nl.bookingsUi;

/** The bookings table of docs/PRODUCT.md#bookings-page; on wide screens only (phones get BookingCards). */
export function BookingsTable({
  bookings,
  onAction,
  onOpen,
}: {
  bookings: readonly OwnerBookingDto[];
  onAction: (action: BookingAction, booking: OwnerBookingDto) => void;
  /** Opens the booking's details panel; `from` gets focus back when it closes. */
  onOpen: (booking: OwnerBookingDto, from: HTMLElement) => void;
}) {
  return (
    <Table label={t.tableRegion} className="min-w-[56rem]">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t.columns.customer}</TableHead>
          <TableHead>{t.columns.event}</TableHead>
          <TableHead>{t.columns.dateTime}</TableHead>
          <TableHead>{t.columns.contact}</TableHead>
          <TableHead>{t.columns.status}</TableHead>
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {bookings.map((b) => {
          const cancelled = b.status === 'cancelled';
          return (
            <TableRow key={b.id} className={cn(cancelled && 'text-muted-foreground')}>
              <TableCell className="font-medium">
                <div className="flex items-center gap-1">
                  <DetailsButton
                    booking={b}
                    onOpen={onOpen}
                    className={cn(!cancelled && 'text-foreground')}
                  />
                  <CustomerCardLink booking={b} />
                </div>
              </TableCell>
              <TableCell>
                <div className="grid gap-0.5">
                  <span>{b.eventTitle}</span>
                  <span className="text-xs text-muted-foreground">
                    {fill(t.minutes, { n: b.durationMinutes })}
                    {/* A class booking of several places (docs/PRODUCT.md#classes). */}
                    {b.seats > 1 && ` · ${fill(t.seats, { count: b.seats })}`}
                  </span>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="grid gap-0.5">
                  <span>{formatShortDutchDate(b.bookingDate)}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">{timeRangeText(b)}</span>
                </div>
              </TableCell>
              {/* Room for an ordinary address; a longer one is cut off with an ellipsis (its link keeps it whole). */}
              <TableCell className="max-w-56 min-w-48">
                <ContactLines booking={b} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-1.5">
                  <BookingStatusBadge status={b.status} />
                  {b.paymentStatus === 'paid' && <Badge variant="outline">{t.paid}</Badge>}
                  <BookingStateBadges booking={b} />
                </div>
                <RefundFailure booking={b} />
                <BookingMoney booking={b} className="mt-1" />
              </TableCell>
              <TableCell className="py-2">
                {/* One line of icons per row: wrapping made rows with long names uneven. */}
                <BookingActions booking={b} onAction={onAction} className="flex-nowrap" />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

import { CalendarDays } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { fill } from '@web/lib/fill-message';
import { formatShortDutchDate } from '@core/index';
import { Badge } from '@web/components/ui/badge';
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

/** Phone layout of the bookings: one stacked card per booking, same columns as the table. */
export function BookingCards({
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
    // grid-cols-1 (minmax(0, 1fr)) at every level: an implicit `auto` column grows to the widest
    // unbreakable content (a long name or e-mail, truncated or not) and pushes the card off-screen.
    <ul aria-label={t.listLabel} className="grid grid-cols-1 gap-3">
      {bookings.map((b) => (
        <li
          key={b.id}
          className={cn(
            'grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm',
            b.status === 'cancelled' && 'bg-muted/30',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="flex min-w-0 items-center gap-1">
                <DetailsButton booking={b} onOpen={onOpen} className="block min-w-0 truncate font-semibold" />
                <CustomerCardLink booking={b} />
              </div>
              <p className="truncate text-sm text-muted-foreground">
                {b.eventTitle}
                {/* A class booking of several places (docs/PRODUCT.md#classes). */}
                {b.seats > 1 && ` · ${fill(t.seats, { count: b.seats })}`}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <BookingStatusBadge status={b.status} />
              {b.paymentStatus === 'paid' && <Badge variant="outline">{t.paid}</Badge>}
              <BookingStateBadges booking={b} />
            </div>
          </div>
          <RefundFailure booking={b} />
          <BookingMoney booking={b} />
          <dl className="grid grid-cols-1 gap-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t.columns.dateTime}</dt>
              <CalendarDays aria-hidden="true" className="size-3.5 text-muted-foreground" />
              <dd className="tabular-nums">
                {formatShortDutchDate(b.bookingDate)} · {timeRangeText(b)}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t.columns.contact}</dt>
              <dd>
                <ContactLines booking={b} />
              </dd>
            </div>
          </dl>
          <BookingActions
            booking={b}
            onAction={onAction}
            withText
            className="-mx-2 -mb-1 border-t px-0 pt-2"
          />
        </li>
      ))}
    </ul>
  );
}

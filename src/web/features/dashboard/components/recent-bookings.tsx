import type { DashboardDto } from '@contracts/insights';
import { nl } from '@contracts/messages';
import { formatShortDutchDate } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { fill } from '@web/lib/fill-message';
import { ListCard, ListEmpty, ListSkeleton } from './list-card';

const t = nl.dashboard;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** 'Recente Afspraken': the five newest bookings (docs/PRODUCT.md#dashboard). */
export function RecentBookings({
  bookings,
  title = t.recentTitle,
  description = t.recentText,
  emptyText = t.noBookingsText,
}: {
  bookings: DashboardDto['recentBookings'] | undefined;
  /** Another list of the same shape (a member's bookings of today, docs/PRODUCT.md#roles). */
  title?: string;
  description?: string;
  emptyText?: string;
}) {
  return (
    <ListCard title={title} description={description} linkLabel={t.allBookings} href="/bookings">
      {!bookings ? (
        <ListSkeleton />
      ) : bookings.length === 0 ? (
        <ListEmpty title={t.noBookings} text={emptyText} />
      ) : (
        <ul className="-mx-2 grid">
          {bookings.map((b) => (
            <li key={b.id} className="flex items-center gap-3 rounded-lg px-2 py-2.5">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
              >
                {initials(b.customerName)}
              </span>
              <div className="grid min-w-0 flex-1 gap-0.5 sm:flex sm:items-center sm:justify-between sm:gap-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{b.customerName}</p>
                  <p className="truncate text-sm text-muted-foreground">{b.eventTitle}</p>
                </div>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:shrink-0 sm:flex-col sm:items-end">
                  <span className="tabular-nums">
                    {fill(t.dateAtTime, { date: formatShortDutchDate(b.bookingDate), time: b.bookingTime })}
                  </span>
                  {b.status !== 'confirmed' && <BookingStatusBadge status={b.status} />}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

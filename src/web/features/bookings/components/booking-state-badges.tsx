import { UserX } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatMoney } from '@core/index';
import { Badge } from '@web/components/ui/badge';
import { fill } from '@web/lib/fill-message';

const r = nl.refunds;

/**
 * What became of a booking's money and attendance beside its status (docs/PRODUCT.md#refunds,
 * #no-shows): 'Terugbetaald', 'Terugbetaling bezig', 'Niet verschenen'. A failed refund is a line of
 * text with the provider's reason, so the owner reads why and what to do.
 */
export function BookingStateBadges({ booking }: { booking: OwnerBookingDto }) {
  return (
    <>
      {booking.refundStatus === 'succeeded' && (
        <Badge variant="secondary">
          {booking.paymentStatus === 'partially_refunded' && booking.refundAmount
            ? fill(r.partlyRefunded, { amount: formatMoney(booking.refundAmount, booking.currency) })
            : r.refunded}
        </Badge>
      )}
      {booking.refundStatus === 'pending' && <Badge variant="outline">{r.refundPending}</Badge>}
      {booking.noShow && (
        <Badge variant="outline" className="border-destructive-text/40 text-destructive-text">
          <UserX aria-hidden="true" />
          {nl.noShows.badge}
        </Badge>
      )}
    </>
  );
}

/** "Terugbetaling mislukt: <reason>", under the badges; the job retries it meanwhile. */
export function RefundFailure({ booking }: { booking: OwnerBookingDto }) {
  if (booking.refundStatus !== 'failed') return null;
  return (
    <p className="text-xs text-destructive-text">
      {fill(r.refundFailed, { reason: booking.refundError ?? r.reasons.unavailable })}
    </p>
  );
}

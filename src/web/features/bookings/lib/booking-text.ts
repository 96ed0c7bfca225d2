import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, slotEnd } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.bookingsUi;

/** '1 dec. 2026 om 10:30' for dialogs and announcements. */
export const whenText = (b: Pick<OwnerBookingDto, 'bookingDate' | 'bookingTime'>) =>
  fill(t.dateAtTime, { date: formatShortDutchDate(b.bookingDate), time: b.bookingTime });

/** '10:30 - 11:00'. */
export const timeRangeText = (b: Pick<OwnerBookingDto, 'bookingTime' | 'durationMinutes'>) => {
  const end = slotEnd(b.bookingTime, b.durationMinutes);
  return end ? fill(t.timeRange, { start: b.bookingTime, end }) : b.bookingTime;
};

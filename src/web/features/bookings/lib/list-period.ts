import type { BookingsQuery } from '@contracts/bookings';
import { addDays } from '@core/index';

/**
 * Which appointments the bookings list shows. It opens on the upcoming ones, today first, because
 * the next appointment is what an owner looks for; the earlier ones are one choice away.
 */
export const LIST_PERIODS = ['upcoming', 'past', 'all'] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];
export const DEFAULT_LIST_PERIOD: ListPeriod = 'upcoming';

/**
 * The GET /api/bookings range and order of a period, from the owner's today (`yyyy-MM-dd`):
 * upcoming from today on, soonest first; past up to yesterday, most recent first; all of them,
 * latest first (the API's own order, which other callers rely on). The web client always says
 * which order it wants instead of leaning on the API's default.
 */
export function periodQuery(period: ListPeriod, today: string): Pick<BookingsQuery, 'from' | 'to' | 'order'> {
  switch (period) {
    case 'upcoming':
      return { from: today, order: 'asc' };
    case 'past':
      return { to: addDays(today, -1), order: 'desc' };
    case 'all':
      return { order: 'desc' };
  }
}

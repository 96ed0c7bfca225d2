import type { QueryClient } from '@tanstack/react-query';
import { analyticsQueryKey, customersQueryKey, dashboardQueryKey, eventsQueryKey } from '@web/lib/query-keys';
import { bookingsQueryKey } from './get-bookings';

/**
 * A changed booking moves the lists, the dashboard and statistics figures, events' occupancy and
 * the customer's figures and history.
 * The list, the agenda's range and an open details panel all live under bookingsQueryKey.
 */
export function invalidateBookingData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
    queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
    queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  ]);
}

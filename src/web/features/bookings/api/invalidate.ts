import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@web/features/dashboard/api/get-dashboard';
import { eventsQueryKey } from '@web/features/events/api/get-events';
import { bookingsQueryKey } from './get-bookings';

/** A changed booking moves the lists, the dashboard and statistics figures, and events' occupancy. */
export function invalidateBookingData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['analytics'] }),
    queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  ]);
}

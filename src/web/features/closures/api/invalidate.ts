import type { QueryClient } from '@tanstack/react-query';
import { analyticsQueryKey, dashboardQueryKey, eventsQueryKey } from '@web/lib/query-keys';
import { closuresQueryKey } from './get-closures';

/**
 * After a closure is added or removed: the list, and every answer that counts bookable days (the
 * events' occupancy, the dashboard, the statistics' availability).
 */
export const refreshAfterClosureChange = (queryClient: QueryClient) =>
  Promise.all(
    [closuresQueryKey, eventsQueryKey, dashboardQueryKey, analyticsQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

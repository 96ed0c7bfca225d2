import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';
import { availabilityQueryKey } from './get-month-availability';

/**
 * GET /api/public/bookings/manage/{token}/visit-availability?month=yyyy-MM -> the month for moving a
 * whole visit: a time is free when every segment fits again, the visit's own segments not blocking it
 * and its own start kept. Under the first service's availability key, so a move refreshes it too.
 */
export const useVisitMoveAvailability = (token: string, eventId: string, month: string, enabled: boolean) =>
  useQuery({
    queryKey: [...availabilityQueryKey(eventId), 'visit', token, month] as const,
    queryFn: ({ signal }) =>
      api.get<MonthAvailabilityDto>(
        `${apiPath('public', 'bookings', 'manage', token, 'visit-availability')}?${new URLSearchParams({ month })}`,
        { signal },
      ),
    enabled: enabled && !!month,
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const availabilityQueryKey = (eventId: string) => ['availability', eventId] as const;

/**
 * GET /api/public/events/{eventId}/availability?month=yyyy-MM -> every bookable day of the month
 * from the owner's today on, each slot with a busy flag (past slots already removed).
 */
export const getMonthAvailability = (
  eventId: string,
  month: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.get<MonthAvailabilityDto>(
    `${apiPath('public', 'events', eventId, 'availability')}?month=${encodeURIComponent(month)}`,
    {
      signal,
    },
  );

export const getMonthAvailabilityQueryOptions = (eventId: string, month: string) =>
  queryOptions({
    queryKey: [...availabilityQueryKey(eventId), month] as const,
    queryFn: ({ signal }) => getMonthAvailability(eventId, month, { signal }),
  });

/** One request per shown month; the slots refresh with the app's normal interval (docs/PRODUCT.md#constants). */
export const useMonthAvailability = (eventId: string | undefined, month: string | undefined) =>
  useQuery({
    ...getMonthAvailabilityQueryOptions(eventId ?? '', month ?? ''),
    enabled: !!eventId && !!month,
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const availabilityQueryKey = (eventId: string) => ['availability', eventId] as const;

/**
 * GET /api/public/events/{eventId}/availability?month=yyyy-MM[&agendaId=…] -> every bookable day of
 * the month from the owner's today on, each slot with a busy flag (past slots already removed). With
 * an agenda the flags are that agenda's; without one a slot is free while any agenda of the service is.
 */
export const getMonthAvailability = (
  eventId: string,
  month: string,
  agendaId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ month });
  if (agendaId) query.set('agendaId', agendaId);
  return api.get<MonthAvailabilityDto>(`${apiPath('public', 'events', eventId, 'availability')}?${query}`, {
    signal,
  });
};

export const getMonthAvailabilityQueryOptions = (eventId: string, month: string, agendaId: string | null) =>
  queryOptions({
    // Under availabilityQueryKey(eventId): a booking or a move refreshes every agenda's months at once.
    queryKey: [...availabilityQueryKey(eventId), month, agendaId] as const,
    queryFn: ({ signal }) => getMonthAvailability(eventId, month, agendaId, { signal }),
  });

/** One request per shown month; the slots refresh with the app's normal interval (docs/PRODUCT.md#constants). */
export const useMonthAvailability = (
  eventId: string | undefined,
  month: string | undefined,
  agendaId: string | null,
) =>
  useQuery({
    ...getMonthAvailabilityQueryOptions(eventId ?? '', month ?? '', agendaId),
    enabled: !!eventId && !!month,
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MonthAvailabilityDto } from '@contracts/public-booking';
import type { CreatedVisit, CreateVisitBody } from '@contracts/public-visits';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { withAttemptKey } from '../lib/attempt-key';

/** Under one key per basket: a visit booked refreshes every month and person of it at once. */
export const visitAvailabilityQueryKey = (eventIds: readonly string[]) =>
  ['visit-availability', eventIds.join(',')] as const;

/**
 * GET /api/public/visits/availability?services=id1,id2&month=yyyy-MM[&agendaId=] -> the month as for
 * one service, for the services in this order: a time is free only when the whole visit fits.
 */
export const getVisitAvailability = (
  eventIds: readonly string[],
  month: string,
  agendaId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ services: eventIds.join(','), month });
  if (agendaId) query.set('agendaId', agendaId);
  return api.get<MonthAvailabilityDto>(`/api/public/visits/availability?${query}`, { signal });
};

export const getVisitAvailabilityQueryOptions = (
  eventIds: readonly string[],
  month: string,
  agendaId: string | null,
) =>
  queryOptions({
    queryKey: [...visitAvailabilityQueryKey(eventIds), month, agendaId] as const,
    queryFn: ({ signal }) => getVisitAvailability(eventIds, month, agendaId, { signal }),
  });

export const useVisitAvailability = (eventIds: readonly string[], month: string, agendaId: string | null) =>
  useQuery({
    ...getVisitAvailabilityQueryOptions(eventIds, month, agendaId),
    enabled: eventIds.length > 0 && !!month,
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/public/visits -> 201 with the segments, the totals and the visit's management link
 * (shown only this once); with the attempt's Idempotency-Key, like one booking.
 */
export const createVisit = (body: CreateVisitBody) =>
  withAttemptKey('visit', body, (headers) => api.post<CreatedVisit>('/api/public/visits', body, { headers }));

export const useCreateVisit = (options: MutationOptions<CreatedVisit, CreateVisitBody> = {}) =>
  useMutation({ ...options, mutationFn: createVisit });

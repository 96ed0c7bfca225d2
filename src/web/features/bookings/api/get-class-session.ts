import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassSessionDto } from '@contracts/class-sessions';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * GET /api/class-sessions/:id -> a class time with its places and attendees (docs/PRODUCT.md#classes).
 * Under the bookings key, so every change of one of its bookings (invalidateBookingData) refreshes
 * an open attendee list too.
 */
export const getClassSession = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ClassSessionDto>(apiPath('class-sessions', id), { signal });

export const getClassSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'class', id] as const,
    queryFn: ({ signal }) => getClassSession(id, { signal }),
  });

export const useClassSession = (id: string | null) =>
  useQuery({ ...getClassSessionQueryOptions(id ?? ''), enabled: Boolean(id) });

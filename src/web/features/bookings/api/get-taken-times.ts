import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** GET /api/public/events/:eventId/bookings/:date -> the start times already taken that day. */
export const getTakenTimes = (eventId: string, date: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Array<{ bookingTime: string }>>(apiPath('public', 'events', eventId, 'bookings', date), { signal });

export const getTakenTimesQueryOptions = (eventId: string, date: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'taken', eventId, date] as const,
    queryFn: ({ signal }) => getTakenTimes(eventId, date, { signal }),
    select: (rows) => new Set(rows.map((r) => r.bookingTime)),
  });

export const useTakenTimes = (eventId: string, date: string | null) =>
  useQuery({ ...getTakenTimesQueryOptions(eventId, date ?? ''), enabled: !!date });

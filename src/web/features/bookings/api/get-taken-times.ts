import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * GET /api/public/events/:eventId/bookings/:date?agendaId= -> the start times already taken that day
 * in the booking's agenda (by any service, or busy in Google Calendar): the owner's move stays there.
 */
export const getTakenTimes = (
  eventId: string,
  date: string,
  agendaId: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.get<Array<{ bookingTime: string }>>(
    `${apiPath('public', 'events', eventId, 'bookings', date)}?agendaId=${encodeURIComponent(agendaId)}`,
    { signal },
  );

export const getTakenTimesQueryOptions = (eventId: string, date: string, agendaId: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'taken', eventId, date, agendaId] as const,
    queryFn: ({ signal }) => getTakenTimes(eventId, date, agendaId, { signal }),
    select: (rows) => new Set(rows.map((r) => r.bookingTime)),
  });

export const useTakenTimes = (eventId: string, date: string | null, agendaId: string) =>
  useQuery({ ...getTakenTimesQueryOptions(eventId, date ?? '', agendaId), enabled: !!date });

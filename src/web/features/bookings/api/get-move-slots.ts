import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoveSlotsDto } from '@contracts/bookings';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * GET /api/bookings/:id/slots?date=&agendaId= -> the times of that day the owner may move the booking
 * to, busy ones flagged (overlaps with the booking's own buffers); the server's own rule, so the
 * picker offers exactly what the move accepts.
 */
export const getMoveSlots = (
  bookingId: string,
  date: string,
  agendaId: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.get<MoveSlotsDto>(
    `${apiPath('bookings', bookingId, 'slots')}?date=${date}&agendaId=${encodeURIComponent(agendaId)}`,
    { signal },
  );

export const getMoveSlotsQueryOptions = (bookingId: string, date: string, agendaId: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'move-slots', bookingId, date, agendaId] as const,
    queryFn: ({ signal }) => getMoveSlots(bookingId, date, agendaId, { signal }),
  });

export const useMoveSlots = (bookingId: string, date: string | null, agendaId: string) =>
  useQuery({ ...getMoveSlotsQueryOptions(bookingId, date ?? '', agendaId), enabled: !!date });

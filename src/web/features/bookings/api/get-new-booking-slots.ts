import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewBookingSlotsDto } from '@contracts/bookings';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * GET /api/bookings/slots?eventId=&date=&agendaId= -> the owner's grid of that day for a new booking
 * (busy: every agenda it may use is taken), the service's live bookings that day and the closures
 * covering it, from which the dialog warns before saving (core ownerBookingWarnings).
 */
export const getNewBookingSlots = (
  eventId: string,
  date: string,
  agendaId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ eventId, date, ...(agendaId ? { agendaId } : {}) });
  return api.get<NewBookingSlotsDto>(`${apiPath('bookings', 'slots')}?${query}`, { signal });
};

export const getNewBookingSlotsQueryOptions = (eventId: string, date: string, agendaId: string | null) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'new-slots', eventId, date, agendaId] as const,
    queryFn: ({ signal }) => getNewBookingSlots(eventId, date, agendaId, { signal }),
  });

export const useNewBookingSlots = (eventId: string | null, date: string | null, agendaId: string | null) =>
  useQuery({
    ...getNewBookingSlotsQueryOptions(eventId ?? '', date ?? '', agendaId),
    enabled: Boolean(eventId && date),
  });

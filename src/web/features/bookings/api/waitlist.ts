import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferWaitlistBody, WaitlistList } from '@contracts/waitlist';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * The owner's waitlist of a service's day (docs/PRODUCT.md#waitlist). Under the bookings key, so a
 * cancelled booking (whose freed place is offered) refreshes an open list too.
 */
export const waitlistQueryKey = (eventId: string, date: string) =>
  [...bookingsQueryKey, 'waitlist', eventId, date] as const;

/** GET /api/waitlist?eventId=&date= -> the day's open entries, in the list's order. */
export const getWaitlist = (eventId: string, date: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<WaitlistList>(`/api/waitlist?${new URLSearchParams({ eventId, date })}`, { signal });

export const useWaitlist = (eventId: string, date: string) =>
  useQuery({
    queryKey: waitlistQueryKey(eventId, date),
    queryFn: ({ signal }) => getWaitlist(eventId, date, { signal }),
  });

/** DELETE /api/waitlist/{id} -> 204 and POST /api/waitlist/{id}/offer {time?} -> the day's list. */
export function useWaitlistActions(eventId: string, date: string) {
  const queryClient = useQueryClient();
  const key = waitlistQueryKey(eventId, date);
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(apiPath('waitlist', id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const offer = useMutation({
    mutationFn: ({ id, body }: { id: string; body: OfferWaitlistBody }) =>
      api.post<WaitlistList>(apiPath('waitlist', id, 'offer'), body),
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      // The offered place is held as a pending booking: the attendee list and the agenda change too.
      return queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
  return { remove, offer };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingDetailsDto } from '@contracts/bookings';
import { api, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/**
 * GET /api/bookings/:id -> the booking with every answer of the form and its history (each change
 * with the e-mails and webhooks it caused). Under the bookings key, so every booking change
 * (invalidateBookingData) refreshes an open details panel too.
 */
export const getBookingDetails = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<BookingDetailsDto>(apiPath('bookings', id), { signal });

export const getBookingDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'details', id] as const,
    queryFn: ({ signal }) => getBookingDetails(id, { signal }),
  });

/**
 * Shortly after a change, while an e-mail or webhook it caused still waits, the panel asks again, so
 * the delivery status follows (the jobs send within seconds). Reminders wait for days; they do not
 * keep an open panel polling.
 */
const PENDING_POLL_MS = 3000;
const FRESH_MS = 2 * 60_000;
function waiting(d: BookingDetailsDto | undefined): boolean {
  const last = d?.history.at(-1);
  if (!d || !last || Date.now() - Date.parse(last.at) > FRESH_MS) return false;
  return d.history.some((h) => h.messages.some((m) => m.status === 'pending'));
}

export const useBookingDetails = (id: string | null) =>
  useQuery({
    ...getBookingDetailsQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (waiting(query.state.data) ? PENDING_POLL_MS : false),
  });

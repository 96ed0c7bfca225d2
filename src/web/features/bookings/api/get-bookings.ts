import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BookingsQuery, OwnerBookingDto } from '@contracts/bookings';
import { addDays } from '@core/index';
import { ApiError, apiPath } from '@web/lib/api-client';
import { bookingsQueryKey } from '@web/lib/query-keys';

export { bookingsQueryKey };

/** The server sends the next page's cursor in this header (the body stays a plain list). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const BOOKINGS_PAGE_SIZE = 50;

export type BookingFilters = Pick<
  BookingsQuery,
  'status' | 'eventId' | 'agendaId' | 'q' | 'from' | 'to' | 'order'
> & {
  /** Only bookings marked as not shown. */
  noShow?: boolean;
};

export interface BookingsPage {
  items: OwnerBookingDto[];
  nextCursor: string | null;
}

/**
 * The list's filters as query parameters (the list and the CSV export take the same ones). The order
 * is always sent: the list chooses it (lib/list-period.ts), latest first when it does not say.
 */
export function bookingFilterParams(filters: BookingFilters): URLSearchParams {
  const params = new URLSearchParams({ order: filters.order ?? 'desc' });
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.status) params.set('status', filters.status);
  if (filters.eventId) params.set('eventId', filters.eventId);
  if (filters.agendaId) params.set('agendaId', filters.agendaId);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.noShow) params.set('noShow', 'true');
  return params;
}

/** GET /api/bookings?order&from&to&status&eventId&agendaId&q&limit&cursor -> one page in the asked order. */
export async function getBookingsPage(
  filters: BookingFilters,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BookingsPage> {
  const params = bookingFilterParams(filters);
  params.set('limit', String(BOOKINGS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return fetchBookingsPage(params, { signal });
}

/**
 * One GET /api/bookings call with the given query. Read with fetch directly, because the next
 * page's cursor lives in a response header; the list and the agenda views both page through it.
 */
export async function fetchBookingsPage(
  params: URLSearchParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BookingsPage> {
  const res = await fetch(`${apiPath('bookings')}?${params}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return { items: (await res.json()) as OwnerBookingDto[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

export const getBookingsQueryOptions = (filters: BookingFilters) =>
  infiniteQueryOptions({
    queryKey: [...bookingsQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getBookingsPage(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Keeps showing the previous result while a new search or filter loads, so the table does not flash. */
export const useBookings = (filters: BookingFilters) =>
  useInfiniteQuery({ ...getBookingsQueryOptions(filters), placeholderData: keepPreviousData });

/**
 * Whether the owner has any appointment before `before` (yyyy-MM-dd): an empty upcoming list then
 * says "none planned" and offers the earlier ones; without any it is a new account's 'Nog geen
 * afspraken'. One booking is enough to know, so one is asked for.
 */
export function useHasBookingsBefore(before: string, enabled: boolean) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'any-before', before] as const,
    queryFn: async ({ signal }) => {
      const params = bookingFilterParams({ to: addDays(before, -1), order: 'desc' });
      params.set('limit', '1');
      return (await fetchBookingsPage(params, { signal })).items.length > 0;
    },
    enabled,
  });
}

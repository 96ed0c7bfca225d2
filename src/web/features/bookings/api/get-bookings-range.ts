import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerBookingDto } from '@contracts/bookings';
import { bookingsQueryKey, fetchBookingsPage } from './get-bookings';

/** The server's largest page (bookingsQuery.limit's max): a week fits in one call almost always. */
export const RANGE_PAGE_SIZE = 500;

/**
 * GET /api/bookings?from&to&order=asc&limit=500[&cursor] -> every booking with an appointment date
 * in [from, to] (inclusive, the owner's calendar dates), earliest first, cancelled ones included.
 * Follows the next-cursor header until the range is complete: the agenda must not silently miss
 * bookings of a busy week.
 */
export async function getBookingsInRange(
  range: { from: string; to: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<OwnerBookingDto[]> {
  const items: OwnerBookingDto[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({
      from: range.from,
      to: range.to,
      order: 'asc',
      limit: String(RANGE_PAGE_SIZE),
    });
    if (cursor) params.set('cursor', cursor);
    const page = await fetchBookingsPage(params, { signal });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export const getBookingsInRangeQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'range', range.from, range.to] as const,
    queryFn: ({ signal }) => getBookingsInRange(range, { signal }),
  });

/** Keeps the previous day or week on screen while the next one loads, so paging does not flash. */
export const useBookingsInRange = (range: { from: string; to: string }) =>
  useQuery({ ...getBookingsInRangeQueryOptions(range), placeholderData: keepPreviousData });

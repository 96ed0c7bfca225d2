import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CustomersPage, CustomersQuery } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import { customersQueryKey } from '@web/lib/query-keys';

export type CustomerFilters = Pick<CustomersQuery, 'q' | 'tag' | 'sort'>;

/** The list's filters as query parameters; an empty search or tag is left out. */
export function customerFilterParams(filters: CustomerFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams({ sort: filters.sort ?? 'lastVisit' });
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.tag?.trim()) params.set('tag', filters.tag.trim());
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /api/customers?q&tag&sort&cursor -> one page, the next page's cursor and every tag in use. */
export const getCustomersPage = (
  filters: CustomerFilters,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) => api.get<CustomersPage>(`${apiPath('customers')}?${customerFilterParams(filters, cursor)}`, { signal });

export const getCustomersQueryOptions = (filters: CustomerFilters) =>
  infiniteQueryOptions({
    queryKey: [...customersQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getCustomersPage(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Keeps the previous result on screen while a new search loads, so the list does not flash. */
export const useCustomers = (filters: CustomerFilters, enabled = true) =>
  useInfiniteQuery({ ...getCustomersQueryOptions(filters), placeholderData: keepPreviousData, enabled });

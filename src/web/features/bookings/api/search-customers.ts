import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomersPage } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import { customersQueryKey } from '@web/lib/query-keys';

/** A search starts at this many characters (one letter finds half the customers). */
export const MIN_CUSTOMER_QUERY = 2;

/**
 * GET /api/customers?q= -> the first page of customers whose name, e-mail or phone matches (a number
 * typed nationally, '0612…', finds '+31612…'), last visit first. The new booking dialog picks one.
 */
export const searchCustomers = (q: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CustomersPage>(`${apiPath('customers')}?${new URLSearchParams({ q: q.trim() })}`, { signal });

// Under the customers key, which an edited customer and a booking written both refresh.
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'search', q.trim()] as const,
    queryFn: ({ signal }) => searchCustomers(q, { signal }),
  });

/** The customers matching `q` (already debounced); nothing is asked below MIN_CUSTOMER_QUERY characters. */
export const useCustomerSearch = (q: string) =>
  useQuery({
    ...customerSearchQueryOptions(q),
    enabled: q.trim().length >= MIN_CUSTOMER_QUERY,
    // The previous results stay while the next are on their way, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });

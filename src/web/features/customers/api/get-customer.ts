import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import { customersQueryKey } from '@web/lib/query-keys';

export const customerQueryKey = (id: string) => [...customersQueryKey, 'card', id] as const;

/** GET /api/customers/:id -> the card: record, figures, notes, every booking, messages, latest intake. */
export const getCustomer = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CustomerDetail>(apiPath('customers', id), { signal });

export const getCustomerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerQueryKey(id), queryFn: ({ signal }) => getCustomer(id, { signal }) });

export const useCustomer = (id: string | null) =>
  useQuery({ ...getCustomerQueryOptions(id ?? ''), enabled: Boolean(id) });

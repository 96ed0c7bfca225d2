import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '@contracts/insights';
import { api, apiPath } from '@web/lib/api-client';
import { dashboardQueryKey } from '@web/lib/query-keys';

/** GET /api/dashboard -> the four figures and the two short lists (docs/PRODUCT.md#dashboard), computed by the server. */
export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<DashboardDto>(apiPath('dashboard'), { signal });

export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => getDashboard({ signal }) });

export const useDashboard = () => useQuery(getDashboardQueryOptions());

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsDto } from '@contracts/insights';
import type { StatsPeriod } from '@core/index';
import { api, apiPath } from '@web/lib/api-client';
import { analyticsQueryKey } from '@web/lib/query-keys';

/** GET /api/analytics?period= -> the figures of one statistics period, computed by the server. */
export const getAnalytics = (period: StatsPeriod, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AnalyticsDto>(`${apiPath('analytics')}?${new URLSearchParams({ period })}`, { signal });

export const getAnalyticsQueryOptions = (period: StatsPeriod) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, period] as const,
    queryFn: ({ signal }) => getAnalytics(period, { signal }),
  });

/** The overview above the tabs keeps its numbers while another period loads. */
export const useAnalytics = (period: StatsPeriod, { keepPrevious = false } = {}) =>
  useQuery({
    ...getAnalyticsQueryOptions(period),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });

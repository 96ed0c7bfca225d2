import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@contracts/activity';
import { api, apiPath } from '@web/lib/api-client';

export interface ActivityFilters {
  memberId?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** GET /api/activity: a page of the business's activity log, newest first; `cursor` asks for the next. */
export const getActivity = (filters: ActivityFilters, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams(
    Object.entries({ ...filters, cursor: cursor ?? undefined }).filter((e): e is [string, string] =>
      Boolean(e[1]),
    ),
  );
  const suffix = query.size ? `?${query}` : '';
  return api.get<ActivityPage>(`${apiPath('activity')}${suffix}`, { signal });
};

export const useActivity = (filters: ActivityFilters) =>
  useInfiniteQuery({
    queryKey: ['activity', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

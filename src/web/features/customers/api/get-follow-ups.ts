import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowUpDto } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import { customersQueryKey } from '@web/lib/query-keys';

/** GET /api/customers/follow-ups -> the notes to follow up today (the business's day). */
export const getFollowUps = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<FollowUpDto[]>(apiPath('customers', 'follow-ups'), { signal });

export const getFollowUpsQueryOptions = () =>
  queryOptions({
    queryKey: [...customersQueryKey, 'follow-ups'] as const,
    queryFn: ({ signal }) => getFollowUps({ signal }),
  });

export const useFollowUps = () => useQuery(getFollowUpsQueryOptions());

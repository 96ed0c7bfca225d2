import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionSummary } from '@contracts/account-deletion';
import { api, apiPath } from '@web/lib/api-client';

export const deletionSummaryQueryKey = ['account-deletion-summary'] as const;

/** GET /api/user/deletion-summary -> what deleting the account removes (docs/PRODUCT.md#account-deletion). */
export const getDeletionSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<AccountDeletionSummary>(apiPath('user', 'deletion-summary'), { signal });

export const getDeletionSummaryQueryOptions = () =>
  queryOptions({
    queryKey: deletionSummaryQueryKey,
    queryFn: ({ signal }) => getDeletionSummary({ signal }),
    // The counts must be today's when the owner reads the warning, not those of an earlier visit.
    staleTime: 0,
  });

export const useDeletionSummary = () => useQuery(getDeletionSummaryQueryOptions());

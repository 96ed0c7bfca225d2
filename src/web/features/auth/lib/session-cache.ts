import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import { userQueryKey } from '@web/lib/query-keys';

const isUserQuery = (queryKey: readonly unknown[]) => queryKey[0] === userQueryKey[0];

/**
 * docs/PRODUCT.md#session: after login or register the answer becomes the current user and every other
 * cached answer is dropped, so nothing of a previous account can show.
 */
export function startSession(queryClient: QueryClient, user: PublicUser): void {
  queryClient.removeQueries({ predicate: (q) => !isUserQuery(q.queryKey) });
  queryClient.setQueryData(userQueryKey, user);
}

/** docs/PRODUCT.md#session: logout clears all cached data; the current user becomes "none". */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !isUserQuery(q.queryKey) });
  queryClient.setQueryData(userQueryKey, null);
}

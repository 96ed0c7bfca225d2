import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import { api, hasErrorCode } from './api-client';
import { userQueryKey } from './query-keys';

/** GET /api/user. UNAUTHORIZED (401) means "signed out" and resolves to null instead of failing (docs/PRODUCT.md#api-routes). */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<PublicUser | null> {
  try {
    return await api.get<PublicUser>('/api/user', { signal });
  } catch (error) {
    if (hasErrorCode(error, 'UNAUTHORIZED')) return null;
    throw error;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser({ signal }),
  });

/** The signed-in owner, null when signed out; the route guards wait for it. */
export const useUser = () => useQuery(getUserQueryOptions());

/** The signed-in owner. Only for components below the owner route guard, which renders them only with a user. */
export function useCurrentUser(): PublicUser {
  const { data } = useUser();
  if (!data) throw new Error('useCurrentUser() used outside the signed-in area');
  return data;
}

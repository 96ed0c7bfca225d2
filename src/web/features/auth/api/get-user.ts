import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import { api, hasErrorCode } from '@web/lib/api-client';

export const userQueryKey = ['user'] as const;

/** GET /api/user. UNAUTHORIZED (401) means "signed out" and resolves to null instead of failing (spec §7). */
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

export const useUser = () => useQuery(getUserQueryOptions());

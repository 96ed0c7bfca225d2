import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';

/** GET /api/password-reset/:token -> 200 { ok: true } while the link can set a password, else 404 NOT_FOUND */
export const getPasswordResetLink = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<{ ok: true }>(apiPath('password-reset', token), { signal });

export const getPasswordResetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token] as const,
    queryFn: ({ signal }) => getPasswordResetLink(token, { signal }),
    // Asked once when the page opens: the answer only changes by using the link.
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });

export const usePasswordResetLink = (token: string) => useQuery(getPasswordResetLinkQueryOptions(token));

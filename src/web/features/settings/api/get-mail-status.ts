import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatusDto } from '@contracts/notifications';
import { api, apiPath } from '@web/lib/api-client';

export const mailStatusQueryKey = ['email-status'] as const;

/** While mail waits, the server retries on its own (a probe every 5 minutes, at once after a repair). */
const WHILE_WAITING_MS = 15_000;

/** GET /api/email-status -> is the owner's mail connection broken, how much waits, what failed. */
export const getMailStatus = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<MailStatusDto>(apiPath('email-status'), { signal });

export const getMailStatusQueryOptions = () =>
  queryOptions({
    queryKey: mailStatusQueryKey,
    queryFn: ({ signal }) => getMailStatus({ signal }),
    // Keeps the warning true to what the server does after a repair, without the owner reloading.
    refetchInterval: (query) =>
      query.state.data?.broken || query.state.data?.waiting ? WHILE_WAITING_MS : false,
  });

export const useMailStatus = () => useQuery(getMailStatusQueryOptions());

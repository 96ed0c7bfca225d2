import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosureDto } from '@contracts/closures';
import { api, apiPath } from '@web/lib/api-client';

/** The owner's closures; only this feature reads them (the rules that use them run on the server). */
export const closuresQueryKey = ['closures'] as const;

/** GET /api/closures -> the owner's closures, by first day. */
export const getClosures = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ClosureDto[]>(apiPath('closures'), { signal });

export const getClosuresQueryOptions = () =>
  queryOptions({ queryKey: closuresQueryKey, queryFn: ({ signal }) => getClosures({ signal }) });

export const useClosures = () => useQuery(getClosuresQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import { eventQueryKey } from '@web/lib/query-keys';

/** GET /api/events/:id */
export const getEvent = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<EventDto>(apiPath('events', id), { signal });

export const getEventQueryOptions = (id: string) =>
  queryOptions({ queryKey: eventQueryKey(id), queryFn: ({ signal }) => getEvent(id, { signal }) });

export const useEvent = (id: string | undefined) =>
  useQuery({ ...getEventQueryOptions(id ?? ''), enabled: !!id });

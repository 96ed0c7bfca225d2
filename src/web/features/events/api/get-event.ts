import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import { eventsQueryKey } from './get-events';

export const eventQueryKey = (id: string) => [...eventsQueryKey, id] as const;

/** GET /api/events/:id */
export const getEvent = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<EventDto>(apiPath('events', id), { signal });

export const getEventQueryOptions = (id: string) =>
  queryOptions({ queryKey: eventQueryKey(id), queryFn: ({ signal }) => getEvent(id, { signal }) });

export const useEvent = (id: string | undefined) =>
  useQuery({ ...getEventQueryOptions(id ?? ''), enabled: !!id });

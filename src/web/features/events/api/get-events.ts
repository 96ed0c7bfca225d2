import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventListItem } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import { eventsQueryKey } from '@web/lib/query-keys';

/** GET /api/events -> events with their category and occupancy. */
export const getEvents = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<EventListItem[]>(apiPath('events'), { signal });

export const getEventsQueryOptions = () =>
  queryOptions({ queryKey: eventsQueryKey, queryFn: ({ signal }) => getEvents({ signal }) });

/** `enabled` false for a role without `services.read` (docs/PRODUCT.md#roles): the server would refuse it. */
export const useEvents = (enabled = true) => useQuery({ ...getEventsQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomFieldDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import { eventQueryKey } from '@web/lib/query-keys';

export const eventFieldsQueryKey = (id: string) => [...eventQueryKey(id), 'fields'] as const;

/** GET /api/events/:id/fields -> the event's custom fields in display order. */
export const getEventFields = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CustomFieldDto[]>(apiPath('events', id, 'fields'), { signal });

export const getEventFieldsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventFieldsQueryKey(id),
    queryFn: ({ signal }) => getEventFields(id, { signal }),
  });

export const useEventFields = (id: string | undefined) =>
  useQuery({ ...getEventFieldsQueryOptions(id ?? ''), enabled: !!id });

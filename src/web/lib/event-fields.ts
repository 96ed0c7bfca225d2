import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomFieldDto } from '@contracts/events';
import { api, apiPath } from './api-client';
import { eventQueryKey } from './query-keys';

/**
 * GET /api/events/:id/fields -> the event's custom fields in display order. Shared here because the
 * event form edits them and the bookings' dialogs (a new booking, an edit) ask their answers.
 */
export const eventFieldsQueryKey = (id: string) => [...eventQueryKey(id), 'fields'] as const;

export const getEventFields = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CustomFieldDto[]>(apiPath('events', id, 'fields'), { signal });

export const getEventFieldsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventFieldsQueryKey(id),
    queryFn: ({ signal }) => getEventFields(id, { signal }),
  });

export const useEventFields = (id: string | undefined) =>
  useQuery({ ...getEventFieldsQueryOptions(id ?? ''), enabled: !!id });

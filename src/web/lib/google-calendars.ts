import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from './api-client';
import { googleCalendarsQueryKey } from './query-keys';

export interface GoogleCalendar {
  id: string;
  summary: string;
}

/** GET /api/google-calendar/calendars -> the owner's Google calendars ([] while Google is not connected). */
export const getGoogleCalendars = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<GoogleCalendar[]>(apiPath('google-calendar', 'calendars'), { signal });

export const getGoogleCalendarsQueryOptions = () =>
  queryOptions({
    queryKey: googleCalendarsQueryKey,
    queryFn: ({ signal }) => getGoogleCalendars({ signal }),
  });

export const useGoogleCalendars = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getGoogleCalendarsQueryOptions(), enabled });

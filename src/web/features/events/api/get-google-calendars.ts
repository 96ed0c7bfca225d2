import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';

export interface GoogleCalendar {
  id: string;
  summary: string;
}

export const googleCalendarsQueryKey = ['google-calendars'] as const;

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

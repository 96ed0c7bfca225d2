import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedDto } from '@contracts/calendar-feed';
import { api, apiPath } from '@web/lib/api-client';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar-feed -> { url } of the owner's calendar subscription, or null without one. */
export const getCalendarFeed = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<CalendarFeedDto>(apiPath('calendar-feed'), { signal });

export const getCalendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeed({ signal }) });

export const useCalendarFeed = () => useQuery(getCalendarFeedQueryOptions());

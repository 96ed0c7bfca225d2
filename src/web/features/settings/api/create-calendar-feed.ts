import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedBody, CalendarFeedDto } from '@contracts/calendar-feed';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** POST /api/calendar-feed {replace} -> { url }: a new secret address (replace: the old one stops working). */
export const createCalendarFeed = (body: CalendarFeedBody) =>
  api.post<CalendarFeedDto>(apiPath('calendar-feed'), body);

export function useCreateCalendarFeed(options: MutationOptions<CalendarFeedDto, CalendarFeedBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createCalendarFeed,
    onSuccess: (...args) => {
      queryClient.setQueryData(calendarFeedQueryKey, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

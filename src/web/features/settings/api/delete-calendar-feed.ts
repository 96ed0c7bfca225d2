import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedDto } from '@contracts/calendar-feed';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** DELETE /api/calendar-feed -> {ok}: the address stops working. */
export const deleteCalendarFeed = () => api.delete<{ ok: true }>(apiPath('calendar-feed'));

export function useDeleteCalendarFeed(options: MutationOptions<{ ok: true }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteCalendarFeed,
    onSuccess: (...args) => {
      queryClient.setQueryData<CalendarFeedDto>(calendarFeedQueryKey, { url: null });
      return options.onSuccess?.(...args);
    },
  });
}

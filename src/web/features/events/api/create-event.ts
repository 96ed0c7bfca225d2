import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEventBody, EventDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { eventsQueryKey } from '@web/lib/query-keys';

/** POST /api/events { event fields, customFields, dailyPauseTimes } -> 201 EventDto */
export const createEvent = (body: CreateEventBody) => api.post<EventDto>(apiPath('events'), body);

export function useCreateEvent(options: MutationOptions<EventDto, CreateEventBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createEvent,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

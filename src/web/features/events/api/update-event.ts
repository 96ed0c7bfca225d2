import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, UpdateEventBody } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { eventsQueryKey } from '@web/lib/query-keys';

export interface UpdateEventVariables {
  id: string;
  body: UpdateEventBody;
}

/** PATCH /api/events/:id { any event fields, customFields } -> EventDto */
export const updateEvent = ({ id, body }: UpdateEventVariables) =>
  api.patch<EventDto>(apiPath('events', id), body);

export function useUpdateEvent(options: MutationOptions<EventDto, UpdateEventVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateEvent,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

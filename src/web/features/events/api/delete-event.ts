import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { eventQueryKey, eventsQueryKey } from '@web/lib/query-keys';

/** DELETE /api/events/:id; the list is refreshed after (docs/PRODUCT.md#api-owner). */
export const deleteEvent = (id: string) => api.delete<{ ok: true }>(apiPath('events', id));

export function useDeleteEvent(options: MutationOptions<{ ok: true }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteEvent,
    onSuccess: async (data, id, ...rest) => {
      // The deleted event's own queries would only answer 404 from now on.
      queryClient.removeQueries({ queryKey: eventQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
      return options.onSuccess?.(data, id, ...rest);
    },
  });
}

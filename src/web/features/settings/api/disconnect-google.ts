import { useMutation, useQueryClient } from '@tanstack/react-query';
import { googleCalendarsQueryKey, userQueryKey } from '@web/lib/query-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/** POST /api/google/disconnect -> {ok}: revokes the Calendar grant at Google and forgets it. */
export const disconnectGoogle = () => api.post<{ ok: true }>(apiPath('google', 'disconnect'));

export function useDisconnectGoogle(options: MutationOptions<{ ok: true }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: disconnectGoogle,
    onSuccess: async (...args) => {
      // The user answer carries googleConnected / googleBroken; the calendar list is now empty.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: googleCalendarsQueryKey }),
      ]);
      return options.onSuccess?.(...args);
    },
  });
}

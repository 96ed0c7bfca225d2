import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@web/lib/query-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailSettingsQueryKey } from './get-email-settings';

/**
 * POST /api/gmail/disconnect -> {ok}: revokes the Gmail grant at Google and forgets it; a provider
 * of gmail falls back to system.
 */
export const disconnectGmail = () => api.post<{ ok: true }>(apiPath('gmail', 'disconnect'));

export function useDisconnectGmail(options: MutationOptions<{ ok: true }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: disconnectGmail,
    onSuccess: async (...args) => {
      // Both answers carry the provider; the e-mail settings also the Gmail state.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: emailSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]);
      return options.onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { agendasQueryKey } from '@web/lib/query-keys';

/**
 * DELETE /api/agendas/:id. Refused (CONFLICT, with a Dutch message naming the reason) for the default
 * agenda and while a service or a future booking still uses it.
 */
export const deleteAgenda = (id: string) => api.delete<unknown>(apiPath('agendas', id));

export function useDeleteAgenda(options: MutationOptions<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteAgenda,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: agendasQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshAfterClosureChange } from './invalidate';

/** DELETE /api/closures/:id -> { ok: true }; NOT_FOUND for another owner's or a deleted closure. */
export const deleteClosure = (id: string) => api.delete<unknown>(apiPath('closures', id));

export function useDeleteClosure(options: MutationOptions<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteClosure,
    onSuccess: async (...args) => {
      await refreshAfterClosureChange(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

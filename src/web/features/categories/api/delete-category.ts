import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateCategoriesAndEvents } from './invalidate';

/** DELETE /api/event-categories/:id; its events become uncategorised, so the events list is refreshed too. */
export const deleteCategory = (id: string) => api.delete<{ ok: true }>(apiPath('event-categories', id));

export function useDeleteCategory(options: MutationOptions<{ ok: true }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteCategory,
    onSuccess: async (...args) => {
      await invalidateCategoriesAndEvents(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

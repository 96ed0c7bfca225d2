import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import { invalidateCategoriesAndEvents } from './invalidate';

/** DELETE /api/event-categories/:id; its events become uncategorised, so the events list is refreshed too. */
export const deleteCategory = (id: string) => api.delete<{ ok: true }>(apiPath('event-categories', id));

export function useDeleteCategory(
  options: Omit<UseMutationOptions<{ ok: true }, Error, string>, 'mutationFn'> = {},
) {
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryBody, CategoryDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateCategoriesAndEvents } from './invalidate';

export interface UpdateCategoryVariables {
  id: string;
  body: CategoryBody;
}

/** PATCH /api/event-categories/:id { name, color? }; the events list is refreshed too. */
export const updateCategory = ({ id, body }: UpdateCategoryVariables) =>
  api.patch<CategoryDto>(apiPath('event-categories', id), body);

export function useUpdateCategory(options: MutationOptions<CategoryDto, UpdateCategoryVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateCategory,
    onSuccess: async (...args) => {
      await invalidateCategoriesAndEvents(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryBody, CategoryDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { categoriesQueryKey } from './get-categories';

/** POST /api/event-categories { name, color? } -> 201 CategoryDto */
export const createCategory = (body: CategoryBody) =>
  api.post<CategoryDto>(apiPath('event-categories'), body);

export function useCreateCategory(options: MutationOptions<CategoryDto, CategoryBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createCategory,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

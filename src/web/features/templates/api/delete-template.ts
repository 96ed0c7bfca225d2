import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { templateQueryKey } from './get-template';
import { templatesQueryKey } from './get-templates';

/** DELETE /api/templates/:id */
export const deleteTemplate = (id: string) => api.delete<{ ok: true }>(apiPath('templates', id));

export function useDeleteTemplate(options: MutationOptions<{ ok: true }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteTemplate,
    onSuccess: async (data, id, ...rest) => {
      queryClient.removeQueries({ queryKey: templateQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
      return options.onSuccess?.(data, id, ...rest);
    },
  });
}

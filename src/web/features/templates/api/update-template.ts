import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateBody, TemplateDto } from '@contracts/templates';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { templatesQueryKey } from './get-templates';

export interface UpdateTemplateVariables {
  id: string;
  body: TemplateBody;
}

/** PATCH /api/templates/:id with the same (complete) fields as create. */
export const updateTemplate = ({ id, body }: UpdateTemplateVariables) =>
  api.patch<TemplateDto>(apiPath('templates', id), body);

export function useUpdateTemplate(options: MutationOptions<TemplateDto, UpdateTemplateVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateTemplate,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateBody, TemplateDto } from '@contracts/templates';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { templatesQueryKey } from './get-templates';

/** POST /api/templates { templateName, schedule, payment, customFieldsConfig, webhooksConfig, ... } -> 201 */
export const createTemplate = (body: TemplateBody) => api.post<TemplateDto>(apiPath('templates'), body);

export function useCreateTemplate(options: MutationOptions<TemplateDto, TemplateBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createTemplate,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

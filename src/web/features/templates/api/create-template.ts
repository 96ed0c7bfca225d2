import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { TemplateBody, TemplateDto } from '@contracts/templates';
import { api, apiPath } from '@web/lib/api-client';
import { templatesQueryKey } from './get-templates';

/** POST /api/templates { templateName, schedule, payment, customFieldsConfig, webhooksConfig, ... } -> 201 */
export const createTemplate = (body: TemplateBody) => api.post<TemplateDto>(apiPath('templates'), body);

export function useCreateTemplate(
  options: Omit<UseMutationOptions<TemplateDto, Error, TemplateBody>, 'mutationFn'> = {},
) {
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

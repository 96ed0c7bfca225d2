import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateBody, EmailTemplateDto } from '@contracts/email-templates';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailTemplatesQueryKey } from './get-email-templates';

/** POST /api/email-templates -> 201 the new template. */
export const createEmailTemplate = (body: EmailTemplateBody) =>
  api.post<EmailTemplateDto>(apiPath('email-templates'), body);

export function useCreateEmailTemplate(options: MutationOptions<EmailTemplateDto, EmailTemplateBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createEmailTemplate,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

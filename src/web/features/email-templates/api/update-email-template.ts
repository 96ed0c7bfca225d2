import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateBody, EmailTemplateDto } from '@contracts/email-templates';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailTemplatesQueryKey } from './get-email-templates';

export interface UpdateEmailTemplateVariables {
  id: string;
  body: EmailTemplateBody;
}

/** PATCH /api/email-templates/:id with the full body -> the template. */
export const updateEmailTemplate = ({ id, body }: UpdateEmailTemplateVariables) =>
  api.patch<EmailTemplateDto>(apiPath('email-templates', id), body);

export function useUpdateEmailTemplate(
  options: MutationOptions<EmailTemplateDto, UpdateEmailTemplateVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateEmailTemplate,
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData<EmailTemplateDto[]>(emailTemplatesQueryKey, (list) =>
        list?.map((t) => (t.id === saved.id ? saved : t)),
      );
      await queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey });
      return options.onSuccess?.(saved, ...rest);
    },
  });
}

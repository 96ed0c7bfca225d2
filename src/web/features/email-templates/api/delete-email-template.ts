import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateDto } from '@contracts/email-templates';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailTemplatesQueryKey } from './get-email-templates';

/** DELETE /api/email-templates/:id -> { ok: true }. */
export const deleteEmailTemplate = (id: string) => api.delete<{ ok: true }>(apiPath('email-templates', id));

export function useDeleteEmailTemplate(options: MutationOptions<{ ok: true }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteEmailTemplate,
    onSuccess: async (data, id, ...rest) => {
      queryClient.setQueryData<EmailTemplateDto[]>(emailTemplatesQueryKey, (list) =>
        list?.filter((t) => t.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey });
      return options.onSuccess?.(data, id, ...rest);
    },
  });
}

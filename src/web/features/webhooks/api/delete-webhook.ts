import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { webhooksQueryKey } from './get-webhooks';

export interface DeleteWebhookVariables {
  id: string;
  eventId: string;
}

/** DELETE /api/webhooks/:id */
export const deleteWebhook = ({ id }: DeleteWebhookVariables) =>
  api.delete<{ ok: true }>(apiPath('webhooks', id));

export function useDeleteWebhook(options: MutationOptions<{ ok: true }, DeleteWebhookVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteWebhook,
    onSuccess: async (data, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey(variables.eventId) });
      return options.onSuccess?.(data, variables, ...rest);
    },
  });
}

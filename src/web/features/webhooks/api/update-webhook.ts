import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookBody, WebhookDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { webhooksQueryKey } from './get-webhooks';

export interface UpdateWebhookVariables {
  id: string;
  body: Partial<WebhookBody>;
}

/** PATCH /api/webhooks/:id { name?, url?, isActive? } -> WebhookDto */
export const updateWebhook = ({ id, body }: UpdateWebhookVariables) =>
  api.patch<WebhookDto>(apiPath('webhooks', id), body);

export function useUpdateWebhook(options: MutationOptions<WebhookDto, UpdateWebhookVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateWebhook,
    onSuccess: async (data, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey(data.eventId) });
      return options.onSuccess?.(data, ...rest);
    },
  });
}

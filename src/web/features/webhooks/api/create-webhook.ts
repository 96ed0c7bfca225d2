import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookBody, WebhookDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { webhooksQueryKey } from './get-webhooks';

export interface CreateWebhookVariables {
  eventId: string;
  body: WebhookBody;
}

/** POST /api/events/:id/webhooks { name, url } -> 201 WebhookDto */
export const createWebhook = ({ eventId, body }: CreateWebhookVariables) =>
  api.post<WebhookDto>(apiPath('events', eventId, 'webhooks'), body);

export function useCreateWebhook(options: MutationOptions<WebhookDto, CreateWebhookVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createWebhook,
    onSuccess: async (data, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey(variables.eventId) });
      return options.onSuccess?.(data, variables, ...rest);
    },
  });
}

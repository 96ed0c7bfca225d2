import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessagingBody,
  MessagingDto,
  MessagingSettings,
  MessagingTestBody,
  MessagingTestResult,
} from '@contracts/messaging';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

export const messagingQueryKey = ['messaging'] as const;

/** GET /api/messaging -> { provider, sender, whatsappSender, status }: never a key. */
export const getMessaging = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<MessagingDto>(apiPath('messaging'), { signal });

export const useMessaging = () =>
  useQuery(queryOptions({ queryKey: messagingQueryKey, queryFn: ({ signal }) => getMessaging({ signal }) }));

/** PUT /api/messaging: the provider checks the keys first; a refusal saves nothing. */
export function useSaveMessaging(
  options: MutationOptions<MessagingDto, MessagingSettings | MessagingBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: MessagingSettings | MessagingBody) =>
      api.put<MessagingDto>(apiPath('messaging'), body),
    onSuccess: (...args) => {
      queryClient.setQueryData(messagingQueryKey, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

/** DELETE /api/messaging -> 204: the keys are forgotten. */
export function useDisconnectMessaging(options: MutationOptions<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => api.delete<void>(apiPath('messaging')),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: messagingQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

/** POST /api/messaging/test { phone } -> the provider's id and status of the one message sent. */
export function useSendTestMessage(options: MutationOptions<MessagingTestResult, MessagingTestBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: MessagingTestBody) =>
      api.post<MessagingTestResult>(apiPath('messaging', 'test'), body),
    // A refusal of the stored keys marks the connection broken: the status badge follows.
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: messagingQueryKey });
      return options.onSettled?.(...args);
    },
  });
}

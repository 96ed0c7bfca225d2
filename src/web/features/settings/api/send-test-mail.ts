import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailSettingsQueryKey } from './get-email-settings';

export interface TestMailResult {
  ok: true;
  message: string;
}

/** POST /api/email-settings/test: really sends a test message to the owner; 422 with a Dutch message on failure. */
export const sendTestMail = () => api.post<TestMailResult>(apiPath('email-settings', 'test'));

export function useSendTestMail(options: MutationOptions<TestMailResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: sendTestMail,
    onError: async (...args) => {
      // Google may have refused the Gmail grant while sending: the settings then show it as broken.
      await queryClient.invalidateQueries({ queryKey: emailSettingsQueryKey });
      return options.onError?.(...args);
    },
  });
}

import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';

export interface TestMailResult {
  ok: true;
  message: string;
}

/** POST /api/email-settings/test: really sends a test message to the owner; 422 with a Dutch message on failure. */
export const sendTestMail = () => api.post<TestMailResult>(apiPath('email-settings', 'test'));

export function useSendTestMail(
  options: Omit<UseMutationOptions<TestMailResult, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: sendTestMail });
}

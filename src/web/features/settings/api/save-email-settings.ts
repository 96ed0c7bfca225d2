import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettingsBody, EmailSettingsDto } from '@contracts/settings';
import { userQueryKey } from '@web/lib/query-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { emailSettingsQueryKey } from './get-email-settings';

/** POST /api/email-settings { provider, fromName, smtp } -> the saved settings. A blank SMTP password keeps the stored one. */
export const saveEmailSettings = (body: EmailSettingsBody) =>
  api.post<EmailSettingsDto>(apiPath('email-settings'), body);

export function useSaveEmailSettings(options: MutationOptions<EmailSettingsDto, EmailSettingsBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: saveEmailSettings,
    onSuccess: async (settings, ...rest) => {
      queryClient.setQueryData(emailSettingsQueryKey, settings);
      // The user answer carries emailProvider too.
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return options.onSuccess?.(settings, ...rest);
    },
  });
}

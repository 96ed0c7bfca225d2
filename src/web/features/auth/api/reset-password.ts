import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetBody } from '@contracts/auth';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { endSession } from '../lib/session-cache';

export interface ResetPasswordInput extends PasswordResetBody {
  token: string;
}

/** POST /api/password-reset/:token { newPassword } -> 200 { ok: true }; every session of the owner ends */
export const resetPassword = ({ token, newPassword }: ResetPasswordInput): Promise<{ ok: true }> =>
  api.post<{ ok: true }>(apiPath('password-reset', token), { newPassword });

export function useResetPassword(options: MutationOptions<{ ok: true }, ResetPasswordInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: resetPassword,
    // The owner's sessions ended, this browser's too: nothing of the account stays cached.
    onSuccess: (...args) => {
      endSession(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

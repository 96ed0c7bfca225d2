import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody } from '@contracts/auth';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/** POST /api/password-reset { usernameOrEmail } -> 202 { ok: true }, whether or not the account exists */
export const requestPasswordReset = (body: PasswordResetRequestBody): Promise<{ ok: true }> =>
  api.post<{ ok: true }>('/api/password-reset', body);

export function useRequestPasswordReset(
  options: MutationOptions<{ ok: true }, PasswordResetRequestBody> = {},
) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}

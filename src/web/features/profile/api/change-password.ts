import { useMutation } from '@tanstack/react-query';
import type { PasswordBody } from '@contracts/auth';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/** PATCH /api/user/password { currentPassword, newPassword } -> 200 { ok: true } */
export const changePassword = (body: PasswordBody): Promise<{ ok: true }> =>
  api.patch<{ ok: true }>('/api/user/password', body);

export function useChangePassword(options: MutationOptions<{ ok: true }, PasswordBody> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}

import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionBody } from '@contracts/account-deletion';
import { apiRequest } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/** DELETE /api/user { password } -> 200 { ok: true }; the session cookie is cleared (docs/PRODUCT.md#account-deletion). */
export const deleteAccount = (body: AccountDeletionBody): Promise<{ ok: true }> =>
  apiRequest<{ ok: true }>('DELETE', '/api/user', body);

/** The caller ends the session in the cache (the page does: features do not share the auth feature's cache code). */
export function useDeleteAccount(options: MutationOptions<{ ok: true }, AccountDeletionBody> = {}) {
  return useMutation({ ...options, mutationFn: deleteAccount });
}

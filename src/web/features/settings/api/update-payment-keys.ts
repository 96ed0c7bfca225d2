import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import type { PaymentKeysBody } from '@contracts/settings';
import { userQueryKey } from '@web/lib/query-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/**
 * PATCH /api/user/settings { stripePublicKey, stripeSecretKey } -> the user. The secret key is
 * write-only: '' keeps the stored one, null removes it; the answer only says whether one is set.
 */
export const updatePaymentKeys = (body: PaymentKeysBody) =>
  api.patch<PublicUser>(apiPath('user', 'settings'), body);

export function useUpdatePaymentKeys(options: MutationOptions<PublicUser, PaymentKeysBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updatePaymentKeys,
    onSuccess: (user, ...rest) => {
      queryClient.setQueryData(userQueryKey, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerEraseBody, CustomerEraseResult } from '@contracts/privacy';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { analyticsQueryKey, bookingsQueryKey, dashboardQueryKey, eventsQueryKey } from '@web/lib/query-keys';

/**
 * POST /api/customers/erase { email } -> { changed, cancelled } (docs/PRODUCT.md#privacy): the
 * customer's future bookings are cancelled with an e-mail, all of theirs anonymised.
 */
export const eraseCustomer = (body: CustomerEraseBody) =>
  api.post<CustomerEraseResult>(apiPath('customers', 'erase'), body);

export function useEraseCustomer(options: MutationOptions<CustomerEraseResult, CustomerEraseBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: eraseCustomer,
    onSuccess: (...args) => {
      // Cancelled and renamed bookings show everywhere bookings are counted or listed.
      for (const queryKey of [bookingsQueryKey, dashboardQueryKey, analyticsQueryKey, eventsQueryKey])
        void queryClient.invalidateQueries({ queryKey });
      return options.onSuccess?.(...args);
    },
  });
}

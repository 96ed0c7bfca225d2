import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { customerQueryKey } from './get-customer';
import { refreshCustomerData } from './invalidate';

export interface MergeCustomersVariables {
  /** The customer who keeps everything of both. */
  id: string;
  /** The customer who is gone afterwards. */
  otherId: string;
}

/** POST /api/customers/:id/merge { otherId } -> the card of `id`, now with the other's bookings and notes. */
export const mergeCustomers = ({ id, otherId }: MergeCustomersVariables) =>
  api.post<CustomerDetail>(apiPath('customers', id, 'merge'), { otherId });

export function useMergeCustomers(options: MutationOptions<CustomerDetail, MergeCustomersVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: mergeCustomers,
    onSuccess: async (...args) => {
      // The other customer is gone: its card must not be served from the cache.
      queryClient.removeQueries({ queryKey: customerQueryKey(args[1].otherId) });
      await refreshCustomerData(queryClient, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

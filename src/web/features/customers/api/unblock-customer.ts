import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

/** POST /api/customers/:id/unblock -> the card: the customer may book online again. */
export const unblockCustomer = (id: string) => api.post<CustomerDetail>(apiPath('customers', id, 'unblock'));

export function useUnblockCustomer(options: MutationOptions<CustomerDetail, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: unblockCustomer,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

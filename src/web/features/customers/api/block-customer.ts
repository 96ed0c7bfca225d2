import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

export interface BlockCustomerVariables {
  id: string;
  reason: string;
}

/** POST /api/customers/:id/block { reason } -> the card: the customer can no longer book online. */
export const blockCustomer = ({ id, reason }: BlockCustomerVariables) =>
  api.post<CustomerDetail>(apiPath('customers', id, 'block'), { reason });

export function useBlockCustomer(options: MutationOptions<CustomerDetail, BlockCustomerVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: blockCustomer,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

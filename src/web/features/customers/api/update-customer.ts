import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, UpdateCustomerBody } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

export interface UpdateCustomerVariables {
  id: string;
  body: UpdateCustomerBody;
}

/** PATCH /api/customers/:id with what changed -> the card (409 CONFLICT when the address is another's). */
export const updateCustomer = ({ id, body }: UpdateCustomerVariables) =>
  api.patch<CustomerDetail>(apiPath('customers', id), body);

export function useUpdateCustomer(options: MutationOptions<CustomerDetail, UpdateCustomerVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateCustomer,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

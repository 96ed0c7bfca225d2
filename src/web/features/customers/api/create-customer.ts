import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, CustomerDetail } from '@contracts/customers';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { refreshCustomerData } from './invalidate';

/** POST /api/customers -> the new customer's card (409 CONFLICT when the address is another's). */
export const createCustomer = (body: CreateCustomerBody) =>
  api.post<CustomerDetail>(apiPath('customers'), body);

export function useCreateCustomer(options: MutationOptions<CustomerDetail, CreateCustomerBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createCustomer,
    onSuccess: async (...args) => {
      await refreshCustomerData(queryClient, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}

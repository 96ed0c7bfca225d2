import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedBooking } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { managedBookingQueryKey } from './get-managed-booking';

/** DELETE /api/public/bookings/manage/{token}: the customer cancels; the answer is the cancelled booking. */
export const cancelBooking = (token: string) =>
  api.delete<ManagedBooking>(apiPath('public', 'bookings', 'manage', token));

export function useCancelBooking(token: string, options: MutationOptions<ManagedBooking> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => cancelBooking(token),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(managedBookingQueryKey(token), data);
      return options.onSuccess?.(data, ...rest);
    },
  });
}

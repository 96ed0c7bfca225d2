import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesScope } from '@contracts/enums';
import type { ManagedBooking } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { managedBookingQueryKey } from './get-managed-booking';

/**
 * DELETE /api/public/bookings/manage/{token}: the customer cancels; the answer is the cancelled
 * booking. `following` cancels the later occurrences of its series too (docs/PRODUCT.md#series).
 */
export const cancelBooking = (token: string, scope: SeriesScope = 'this') =>
  api.delete<ManagedBooking>(
    `${apiPath('public', 'bookings', 'manage', token)}${scope === 'following' ? '?scope=following' : ''}`,
  );

export function useCancelBooking(
  token: string,
  options: MutationOptions<ManagedBooking> = {},
  scope: SeriesScope = 'this',
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => cancelBooking(token, scope),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(managedBookingQueryKey(token), data);
      return options.onSuccess?.(data, ...rest);
    },
  });
}

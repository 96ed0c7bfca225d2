import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesScope } from '@contracts/enums';
import type { ManagedBooking, RescheduleBody } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { availabilityQueryKey } from './get-month-availability';
import { managedBookingQueryKey } from './get-managed-booking';

/**
 * PATCH /api/public/bookings/manage/{token} with a new date and time; `following` moves the later
 * occurrences of its series with it (docs/PRODUCT.md#series).
 */
export const rescheduleBooking = (token: string, body: RescheduleBody, scope: SeriesScope = 'this') =>
  api.patch<ManagedBooking>(
    `${apiPath('public', 'bookings', 'manage', token)}${scope === 'following' ? '?scope=following' : ''}`,
    body,
  );

export function useRescheduleBooking(
  token: string,
  options: MutationOptions<ManagedBooking, RescheduleBody> = {},
  scope: SeriesScope = 'this',
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body) => rescheduleBooking(token, body, scope),
    onSuccess: (data, ...rest) => {
      queryClient.setQueryData(managedBookingQueryKey(token), data);
      return options.onSuccess?.(data, ...rest);
    },
    // Whatever happened, the free and busy slots may have changed.
    onSettled: (data, error, variables, ...rest) => {
      const eventId =
        data?.event.id ?? queryClient.getQueryData<ManagedBooking>(managedBookingQueryKey(token))?.event.id;
      if (eventId) void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(eventId) });
      return options.onSettled?.(data, error, variables, ...rest);
    },
  });
}

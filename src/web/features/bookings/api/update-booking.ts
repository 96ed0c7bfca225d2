import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerBookingDto, UpdateBookingBody } from '@contracts/bookings';
import type { SeriesScope } from '@contracts/enums';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateBookingData } from './invalidate';

export interface UpdateBookingVariables {
  id: string;
  body: UpdateBookingBody;
  /** 'following': the booking and every later occurrence of its series (docs/PRODUCT.md#series). */
  scope?: SeriesScope;
}

/** PATCH /api/bookings/:id with { status: 'cancelled' } or { bookingDate, bookingTime } -> the booking. */
export const updateBooking = ({ id, body, scope }: UpdateBookingVariables) =>
  api.patch<OwnerBookingDto>(
    `${apiPath('bookings', id)}${scope === 'following' ? '?scope=following' : ''}`,
    body,
  );

export function useUpdateBooking(options: MutationOptions<OwnerBookingDto, UpdateBookingVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateBooking,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerBookingDto, UpdateBookingBody } from '@contracts/bookings';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateBookingData } from './invalidate';

export interface UpdateBookingVariables {
  id: string;
  body: UpdateBookingBody;
}

/** PATCH /api/bookings/:id with { status: 'cancelled' } or { bookingDate, bookingTime } -> the booking. */
export const updateBooking = ({ id, body }: UpdateBookingVariables) =>
  api.patch<OwnerBookingDto>(apiPath('bookings', id), body);

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

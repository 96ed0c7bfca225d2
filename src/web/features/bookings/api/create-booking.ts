import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingBody, CreatedBookingDto } from '@contracts/bookings';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateBookingData } from './invalidate';

/** POST /api/bookings -> the booking the owner wrote down, with the rules it overrules (`warnings`). */
export const createBooking = (body: CreateBookingBody) =>
  api.post<CreatedBookingDto>(apiPath('bookings'), body);

export function useCreateBooking(options: MutationOptions<CreatedBookingDto, CreateBookingBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createBooking,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

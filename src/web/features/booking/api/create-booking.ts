import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { CreatedBooking, PublicBookingBody } from '@contracts/public-booking';
import { api } from '@web/lib/api-client';

/** POST /api/public/bookings -> 201 with the booking and its management link (shown only this once). */
export const createBooking = (body: PublicBookingBody) =>
  api.post<CreatedBooking>('/api/public/bookings', body);

export const useCreateBooking = (
  options: Omit<UseMutationOptions<CreatedBooking, Error, PublicBookingBody>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: createBooking });

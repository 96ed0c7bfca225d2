import { useMutation } from '@tanstack/react-query';
import type { CreatedBooking, PublicBookingBody } from '@contracts/public-booking';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

/** POST /api/public/bookings -> 201 with the booking and its management link (shown only this once). */
export const createBooking = (body: PublicBookingBody) =>
  api.post<CreatedBooking>('/api/public/bookings', body);

export const useCreateBooking = (options: MutationOptions<CreatedBooking, PublicBookingBody> = {}) =>
  useMutation({ ...options, mutationFn: createBooking });

import { useMutation } from '@tanstack/react-query';
import type { CreatedBooking, PublicBookingBody } from '@contracts/public-booking';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { withAttemptKey } from '../lib/attempt-key';

/**
 * POST /api/public/bookings -> 201 with the booking and its management link (shown only this once).
 * Sent with the attempt's Idempotency-Key, so a retry after a lost answer is the same booking.
 */
export const createBooking = (body: PublicBookingBody) =>
  withAttemptKey('booking', body, (headers) =>
    api.post<CreatedBooking>('/api/public/bookings', body, { headers }),
  );

export const useCreateBooking = (options: MutationOptions<CreatedBooking, PublicBookingBody> = {}) =>
  useMutation({ ...options, mutationFn: createBooking });

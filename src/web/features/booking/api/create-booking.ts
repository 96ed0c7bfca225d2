import { useMutation } from '@tanstack/react-query';
import type { CreatedSeriesBooking, PublicSeriesBookingBody } from '@contracts/public-series';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { withAttemptKey } from '../lib/attempt-key';

/**
 * POST /api/public/bookings -> 201 with the booking and its management link (shown only this once);
 * with `series` every occurrence too (docs/PRODUCT.md#series).
 * Sent with the attempt's Idempotency-Key, so a retry after a lost answer is the same booking.
 */
export const createBooking = (body: PublicSeriesBookingBody) =>
  withAttemptKey('booking', body, (headers) =>
    api.post<CreatedSeriesBooking>('/api/public/bookings', body, { headers }),
  );

export const useCreateBooking = (
  options: MutationOptions<CreatedSeriesBooking, PublicSeriesBookingBody> = {},
) => useMutation({ ...options, mutationFn: createBooking });

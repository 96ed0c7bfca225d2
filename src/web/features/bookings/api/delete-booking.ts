import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateBookingData } from './invalidate';

/** DELETE /api/bookings/:id -> { ok: true }; permanent. */
export const deleteBooking = (id: string) => api.delete<{ ok: true }>(apiPath('bookings', id));

export function useDeleteBooking(options: MutationOptions<{ ok: true }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteBooking,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

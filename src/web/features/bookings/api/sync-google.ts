import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, apiPath } from '@web/lib/api-client';
import { invalidateBookingData } from './invalidate';

/** POST /api/google/sync-now; answers 400 with a Dutch message while Google is not connected. */
export const syncGoogle = () => api.post<unknown>(apiPath('google', 'sync-now'));

export function useSyncGoogle(options: Omit<UseMutationOptions<unknown, Error, void>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: syncGoogle,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

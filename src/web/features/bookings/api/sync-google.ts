import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@web/lib/query-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { invalidateBookingData } from './invalidate';

/** What 'Sync met Google' did: bookings pushed, busy times changed, and a Dutch summary of both. */
export interface SyncSummary {
  pushed: number;
  busy: number;
  message: string;
}

/**
 * POST /api/google/sync-now -> SyncSummary. Answers 400 with a Dutch message while Google is not
 * connected, and 409 when Google refused the grant (the owner must connect again).
 */
export const syncGoogle = () => api.post<SyncSummary>(apiPath('google', 'sync-now'));

export function useSyncGoogle(options: MutationOptions<SyncSummary> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: syncGoogle,
    onSuccess: async (...args) => {
      // Bookings whose event was deleted in Google are cancelled by the sync.
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // A refused grant is now marked broken: settings and the event form should say so.
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return options.onError?.(...args);
    },
  });
}

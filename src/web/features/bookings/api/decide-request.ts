import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenRequestsDto } from '@contracts/approvals';
import type { BookingStatus } from '@contracts/enums';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { bookingsQueryKey } from './get-bookings';
import { invalidateBookingData } from './invalidate';

/** The owner's open requests (docs/PRODUCT.md#approval), under the bookings' key so a decision refreshes them. */
export const openRequestsQueryKey = [...bookingsQueryKey, 'requests'] as const;

/** GET /api/bookings/requests -> the requests still to decide, the soonest deadline first. */
export const getOpenRequests = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<OpenRequestsDto>(apiPath('bookings', 'requests'), { signal });

export const useOpenRequests = () =>
  useQuery(
    queryOptions({ queryKey: openRequestsQueryKey, queryFn: ({ signal }) => getOpenRequests({ signal }) }),
  );

export interface DecideVariables {
  id: string;
  decision: 'approve' | 'decline';
  reason?: string;
}

/** POST /api/bookings/:id/approve or /decline { reason? } -> the booking's new status. */
export const decideRequest = ({ id, decision, reason }: DecideVariables) =>
  decision === 'approve'
    ? api.post<{ status: BookingStatus }>(apiPath('bookings', id, 'approve'), {})
    : api.post<{ status: BookingStatus }>(apiPath('bookings', id, 'decline'), reason ? { reason } : {});

export function useDecideRequest(options: MutationOptions<{ status: BookingStatus }, DecideVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: decideRequest,
    onSuccess: async (...args) => {
      await invalidateBookingData(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}

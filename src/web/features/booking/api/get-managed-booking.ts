import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedBooking } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const managedBookingQueryKey = (token: string) => ['managed-booking', token] as const;

/** GET /api/public/bookings/manage/{token} -> the booking and its event. */
export const getManagedBooking = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ManagedBooking>(apiPath('public', 'bookings', 'manage', token), { signal });

export const getManagedBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: managedBookingQueryKey(token),
    queryFn: ({ signal }) => getManagedBooking(token, { signal }),
  });

export const useManagedBooking = (token: string) => useQuery(getManagedBookingQueryOptions(token));

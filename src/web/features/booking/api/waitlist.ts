/**
 * The public waitlist (docs/PRODUCT.md#waitlist): joining from the booking page, the entry's page
 * /wachtlijst/{token}, leaving and claiming an offer. Only the waitlist's lazy chunks import this.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ClaimWaitlistBody,
  JoinWaitlistBody,
  PublicWaitlistEntry,
  WaitlistClaimed,
  WaitlistJoined,
} from '@contracts/public-waitlist';
import { api, apiPath } from '@web/lib/api-client';

export const waitlistEntryQueryKey = (token: string) => ['waitlist-entry', token] as const;

/** POST /api/public/waitlist -> 201 {token, position}. */
export const joinWaitlist = (body: JoinWaitlistBody) =>
  api.post<WaitlistJoined>('/api/public/waitlist', body);

/** GET /api/public/waitlist/{token} -> the entry and its offer. */
export const getWaitlistEntry = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PublicWaitlistEntry>(apiPath('public', 'waitlist', token), { signal });

export const useWaitlistEntry = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: waitlistEntryQueryKey(token),
      queryFn: ({ signal }) => getWaitlistEntry(token, { signal }),
      // A waiting customer keeps the page open: an offer shows without a reload.
      refetchInterval: (query) => (query.state.data?.status === 'waiting' ? 15_000 : false),
    }),
  );

/** DELETE /api/public/waitlist/{token} -> 204: off the list. */
export const leaveWaitlist = (token: string) => api.delete<void>(apiPath('public', 'waitlist', token));

/** POST /api/public/waitlist/{token}/claim -> 201 the booking (a payment hold for a paid service). */
export const claimWaitlist = (token: string, body: ClaimWaitlistBody) =>
  api.post<WaitlistClaimed>(apiPath('public', 'waitlist', token, 'claim'), body);

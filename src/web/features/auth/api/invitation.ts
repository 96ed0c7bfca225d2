import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import type { AcceptInvitationBody, PublicInvitation } from '@contracts/team';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { startSession } from '../lib/session-cache';

/** GET /api/public/invitations/:token -> what the invitation page shows; 404 NOT_FOUND unknown or used, 410 GONE expired */
export const getInvitation = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PublicInvitation>(apiPath('public', 'invitations', token), { signal });

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => getInvitation(token, { signal }),
    // Asked once when the page opens: the answer only changes by using the link.
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useInvitation = (token: string) => useQuery(getInvitationQueryOptions(token));

export interface AcceptInvitationInput extends AcceptInvitationBody {
  token: string;
}

/** POST /api/public/invitations/:token/accept { username, password } -> 201 PublicUser, signed in */
export const acceptInvitation = ({ token, ...body }: AcceptInvitationInput): Promise<PublicUser> =>
  api.post<PublicUser>(apiPath('public', 'invitations', token, 'accept'), body);

export function useAcceptInvitation(options: MutationOptions<PublicUser, AcceptInvitationInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: acceptInvitation,
    onSuccess: (user, ...rest) => {
      startSession(queryClient, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

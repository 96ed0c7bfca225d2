import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InviteResponse,
  InviteValues,
  MakeOwnerBody,
  TeamEntry,
  TeamSettingsBody,
  UpdateMemberBody,
} from '@contracts/team';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { userQueryKey } from '@web/lib/query-keys';

export const teamQueryKey = ['team'] as const;

/** GET /api/team -> the members (eigenaar first) and the open invitations (status "invited"). */
export const getTeam = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<TeamEntry[]>(apiPath('team'), { signal });

export const getTeamQueryOptions = () =>
  queryOptions({ queryKey: teamQueryKey, queryFn: ({ signal }) => getTeam({ signal }) });

export const useTeam = () => useQuery(getTeamQueryOptions());

/** A team mutation that refreshes the list afterwards (and the signed-in member when `user`). */
function useTeamMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
  { user = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
      if (user) await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

/** POST /api/team/invitations -> 201 { id, inviteUrl, mailSent } */
export const useInvite = (options: MutationOptions<InviteResponse, InviteValues> = {}) =>
  useTeamMutation(
    (body: InviteValues) => api.post<InviteResponse>(apiPath('team', 'invitations'), body),
    options,
  );

/** DELETE /api/team/invitations/:id: the link stops working. */
export const useRevokeInvitation = (options: MutationOptions<{ ok: true }, string> = {}) =>
  useTeamMutation((id: string) => api.delete<{ ok: true }>(apiPath('team', 'invitations', id)), options);

export interface UpdateMemberInput {
  id: string;
  body: UpdateMemberBody;
}

/** PATCH /api/team/:id { name?, role?, agendaIds? } -> the member */
export const useUpdateMember = (options: MutationOptions<TeamEntry, UpdateMemberInput> = {}) =>
  useTeamMutation(
    ({ id, body }: UpdateMemberInput) => api.patch<TeamEntry>(apiPath('team', id), body),
    options,
    { user: true },
  );

/** DELETE /api/team/:id: the member is signed out everywhere at once. */
export const useRemoveMember = (options: MutationOptions<{ ok: true }, string> = {}) =>
  useTeamMutation((id: string) => api.delete<{ ok: true }>(apiPath('team', id)), options);

export interface MakeOwnerInput extends MakeOwnerBody {
  id: string;
}

/** POST /api/team/:id/make-owner { password }: the signed-in eigenaar becomes beheerder. */
export const useMakeOwner = (options: MutationOptions<{ ok: true }, MakeOwnerInput> = {}) =>
  useTeamMutation(
    ({ id, password }: MakeOwnerInput) =>
      api.post<{ ok: true }>(apiPath('team', id, 'make-owner'), { password }),
    options,
    { user: true },
  );

/** PATCH /api/team/settings { require2fa } -> { requireTwoFactor } */
export const useUpdateTeamSettings = (
  options: MutationOptions<{ requireTwoFactor: boolean }, TeamSettingsBody> = {},
) =>
  useTeamMutation(
    (body: TeamSettingsBody) => api.patch<{ requireTwoFactor: boolean }>(apiPath('team', 'settings'), body),
    options,
    { user: true },
  );

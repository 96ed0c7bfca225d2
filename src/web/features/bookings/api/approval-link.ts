import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDecisionBody, PublicApproval } from '@contracts/approvals';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

const approvalKey = (token: string) => ['approval', token] as const;

/** GET /api/public/approvals/:token -> the request the owner's link names; 404 NOT_FOUND unknown. Decides nothing. */
export const getApproval = (token: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PublicApproval>(apiPath('public', 'approvals', token), { signal });

export const useApproval = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: approvalKey(token),
      queryFn: ({ signal }) => getApproval(token, { signal }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  );

/** POST /api/public/approvals/:token { decision, reason? } -> the decided request; 409 CONFLICT decided already. */
export function useDecideByLink(
  token: string,
  options: MutationOptions<PublicApproval, ApprovalDecisionBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: ApprovalDecisionBody) =>
      api.post<PublicApproval>(apiPath('public', 'approvals', token), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKey(token) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import type { TwoFactorLoginBody } from '@contracts/two-factor';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { startSession } from '../lib/session-cache';

/** POST /api/login/2fa { code } with the pending sign-in's cookie -> 200 PublicUser and the session's cookie */
export const loginTwoFactor = (body: TwoFactorLoginBody): Promise<PublicUser> =>
  api.post<PublicUser>('/api/login/2fa', body);

export function useLoginTwoFactor(options: MutationOptions<PublicUser, TwoFactorLoginBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: loginTwoFactor,
    onSuccess: (user, ...rest) => {
      startSession(queryClient, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

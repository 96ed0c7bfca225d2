import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, PublicUser } from '@contracts/auth';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { startSession } from '../lib/session-cache';

/** POST /api/login -> 200 PublicUser */
export const login = (body: LoginBody): Promise<PublicUser> => api.post<PublicUser>('/api/login', body);

export function useLogin(options: MutationOptions<PublicUser, LoginBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: login,
    onSuccess: (user, ...rest) => {
      startSession(queryClient, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

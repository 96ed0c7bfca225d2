import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, registerBody } from '@contracts/auth';
import type { z } from 'zod';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { startSession } from '../lib/session-cache';

/** The validated register payload (email normalised to null when empty). */
export type RegisterPayload = z.output<typeof registerBody>;

/** POST /api/register -> 201 PublicUser */
export const register = (body: RegisterPayload): Promise<PublicUser> =>
  api.post<PublicUser>('/api/register', body);

export function useRegister(options: MutationOptions<PublicUser, RegisterPayload> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: register,
    onSuccess: (user, ...rest) => {
      startSession(queryClient, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, profileBody } from '@contracts/auth';
import type { z } from 'zod';
import { userQueryKey } from '@web/lib/query-keys';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

export type UpdateProfilePayload = z.output<typeof profileBody>;

/** PATCH /api/user/profile { email } -> 200 PublicUser */
export const updateProfile = (body: UpdateProfilePayload): Promise<PublicUser> =>
  api.patch<PublicUser>('/api/user/profile', body);

export function useUpdateProfile(options: MutationOptions<PublicUser, UpdateProfilePayload> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: (user, ...rest) => {
      queryClient.setQueryData(userQueryKey, user);
      return options.onSuccess?.(user, ...rest);
    },
  });
}

import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { endSession } from '../lib/session-cache';

/** POST /api/logout -> 200 { ok: true } */
export const logout = (): Promise<{ ok: true }> => api.post<{ ok: true }>('/api/logout');

export function useLogout(options: Omit<UseMutationOptions<{ ok: true }, Error, void>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: logout,
    onSuccess: (data, ...rest) => {
      endSession(queryClient);
      return options.onSuccess?.(data, ...rest);
    },
  });
}

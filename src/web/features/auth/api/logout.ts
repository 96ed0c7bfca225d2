import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { endSession } from '../lib/session-cache';

/** POST /api/logout -> 200 { ok: true } */
export const logout = (): Promise<{ ok: true }> => api.post<{ ok: true }>('/api/logout');

export function useLogout(options: MutationOptions<{ ok: true }> = {}) {
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

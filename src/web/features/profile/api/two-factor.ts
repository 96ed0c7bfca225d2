import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorSetupResponse,
} from '@contracts/two-factor';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { userQueryKey } from '@web/lib/query-keys';

/** POST /api/user/2fa/setup -> 200 { secret, otpauthUrl }: a new secret, not in use until enabled. */
export const setupTwoFactor = (): Promise<TwoFactorSetupResponse> =>
  api.post<TwoFactorSetupResponse>('/api/user/2fa/setup', {});

export function useSetupTwoFactor(options: MutationOptions<TwoFactorSetupResponse, void> = {}) {
  return useMutation({ ...options, mutationFn: setupTwoFactor });
}

/** POST /api/user/2fa/enable { code } -> 200 { recoveryCodes }, shown once. */
export const enableTwoFactor = (body: TwoFactorEnableBody): Promise<RecoveryCodesResponse> =>
  api.post<RecoveryCodesResponse>('/api/user/2fa/enable', body);

/** The current user is refreshed: it says whether two-step sign-in is on (and no longer required). */
export function useEnableTwoFactor(
  options: MutationOptions<RecoveryCodesResponse, TwoFactorEnableBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: enableTwoFactor,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** POST /api/user/2fa/disable { password, code } -> 200 { ok: true } */
export const disableTwoFactor = (body: TwoFactorDisableBody): Promise<{ ok: true }> =>
  api.post<{ ok: true }>('/api/user/2fa/disable', body);

export function useDisableTwoFactor(options: MutationOptions<{ ok: true }, TwoFactorDisableBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: disableTwoFactor,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

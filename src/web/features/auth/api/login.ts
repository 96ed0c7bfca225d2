import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, PublicUser } from '@contracts/auth';
import { api } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';
import { startSession } from '../lib/session-cache';

/** The password was right; the second step of two-step sign-in comes next (docs/PRODUCT.md#two-step-sign-in). */
export interface TwoFactorRequired {
  twoFactorRequired: true;
}
export type LoginAnswer = PublicUser | TwoFactorRequired;

export const needsSecondStep = (answer: LoginAnswer): answer is TwoFactorRequired =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;

/** POST /api/login -> 200 PublicUser, or 200 { twoFactorRequired: true } with a pending sign-in's cookie */
export const login = (body: LoginBody): Promise<LoginAnswer> => api.post<LoginAnswer>('/api/login', body);

export function useLogin(options: MutationOptions<LoginAnswer, LoginBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: login,
    onSuccess: (answer, ...rest) => {
      if (!needsSecondStep(answer)) startSession(queryClient, answer);
      return options.onSuccess?.(answer, ...rest);
    },
  });
}

import { QueryCache, QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { hasErrorCode } from './api-client';

/** docs/PRODUCT.md#constants: refresh every 30 s and on window focus, fresh for 10 s, no retries on reads or writes. */
export const queryConfig = {
  queries: {
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * What every mutation hook (`features/<area>/api/*.ts`) accepts: useMutation's options without the
 * fetcher, which the hook supplies. Errors are always `Error` (an ApiError for answers of the API).
 */
export type MutationOptions<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

export interface CreateQueryClientOptions {
  /** Called when a read answers 401 (the session ended); the app then treats the visitor as signed out. */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: CreateQueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      onError: (error) => {
        if (hasErrorCode(error, 'UNAUTHORIZED')) onUnauthorized?.();
      },
    }),
  });
}

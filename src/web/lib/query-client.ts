import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { hasErrorCode } from './api-client';

/** Spec §9: refresh every 30 s and on window focus, fresh for 10 s, no retries on reads or writes. */
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

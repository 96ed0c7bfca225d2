import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKey } from '@contracts/api-keys';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/api-keys -> the business's live keys, newest first (never the key itself). */
export const getApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api.get<ApiKeyDto[]>(apiPath('api-keys'), { signal }),
  });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());

function useApiKeysMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
      return options.onSuccess?.(...args);
    },
  });
}

/** POST /api/api-keys -> 201 with the key, the only answer that holds it. */
export const useCreateApiKey = (options: MutationOptions<CreatedApiKey, CreateApiKeyBody> = {}) =>
  useApiKeysMutation((body: CreateApiKeyBody) => api.post<CreatedApiKey>(apiPath('api-keys'), body), options);

/** DELETE /api/api-keys/:id -> 204: the key stops working at once. */
export const useRevokeApiKey = (options: MutationOptions<unknown, string> = {}) =>
  useApiKeysMutation((id: string) => api.delete<unknown>(apiPath('api-keys', id)), options);

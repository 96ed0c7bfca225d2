import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileChange, BusinessProfileDto } from '@contracts/business-profile';
import { api, apiPath } from '@web/lib/api-client';
import { businessProfileQueryKey } from '@web/lib/query-keys';
import type { MutationOptions } from '@web/lib/query-client';

/**
 * PATCH /api/business-profile { name?, address?, phone?, website?, privacyUrl?, publicSlug? } -> the
 * profile. An empty text clears a field; a public slug another owner has answers 409 on `publicSlug`.
 */
export const updateBusinessProfile = (body: BusinessProfileChange) =>
  api.patch<BusinessProfileDto>(apiPath('business-profile'), body);

export function useUpdateBusinessProfile(
  options: MutationOptions<BusinessProfileDto, BusinessProfileChange> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateBusinessProfile,
    onSuccess: (profile, ...rest) => {
      queryClient.setQueryData(businessProfileQueryKey, profile);
      return options.onSuccess?.(profile, ...rest);
    },
  });
}

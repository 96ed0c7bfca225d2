import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileDto } from '@contracts/business-profile';
import { api, apiPath } from '@web/lib/api-client';
import { businessProfileQueryKey } from '@web/lib/query-keys';
import type { MutationOptions } from '@web/lib/query-client';

/** DELETE /api/business-profile/logo -> the profile without a logo (`logoUrl` null). */
export const deleteLogo = () => api.delete<BusinessProfileDto>(apiPath('business-profile', 'logo'));

export function useDeleteLogo(options: MutationOptions<BusinessProfileDto, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteLogo,
    onSuccess: (profile, ...rest) => {
      queryClient.setQueryData(businessProfileQueryKey, profile);
      return options.onSuccess?.(profile, ...rest);
    },
  });
}

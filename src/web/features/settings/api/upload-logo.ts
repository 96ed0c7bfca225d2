import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileDto } from '@contracts/business-profile';
import { api, apiPath } from '@web/lib/api-client';
import { businessProfileQueryKey } from '@web/lib/query-keys';
import type { MutationOptions } from '@web/lib/query-client';

/**
 * PUT /api/business-profile/logo with the file's bytes as the body -> the profile with its new
 * `logoUrl`. The server decides the type by content: PNG, JPEG or WebP up to 1 MB, else a Dutch 400/413.
 */
export const uploadLogo = (file: Blob) =>
  api.put<BusinessProfileDto>(apiPath('business-profile', 'logo'), file);

export function useUploadLogo(options: MutationOptions<BusinessProfileDto, Blob> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: uploadLogo,
    onSuccess: (profile, ...rest) => {
      queryClient.setQueryData(businessProfileQueryKey, profile);
      return options.onSuccess?.(profile, ...rest);
    },
  });
}

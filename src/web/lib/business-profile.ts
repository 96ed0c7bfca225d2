import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessProfileDto } from '@contracts/business-profile';
import { api, apiPath } from './api-client';
import { businessProfileQueryKey } from './query-keys';

/**
 * GET /api/business-profile -> the owner's business profile. Shared here because settings edit it
 * and the events overview shows the address of the page with all services (`publicSlug`).
 */
export const getBusinessProfile = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<BusinessProfileDto>(apiPath('business-profile'), { signal });

export const getBusinessProfileQueryOptions = () =>
  queryOptions({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => getBusinessProfile({ signal }),
  });

export const useBusinessProfile = () => useQuery(getBusinessProfileQueryOptions());

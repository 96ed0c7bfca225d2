import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessPage } from '@contracts/public-owner-page';
import { api, apiPath } from '@web/lib/api-client';

export const businessPageQueryKey = (publicSlug: string) => ['business-page', publicSlug] as const;

/** GET /api/public/owners/{publicSlug} -> the business and its listed services, grouped by category. */
export const getBusinessPage = (publicSlug: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<BusinessPage>(apiPath('public', 'owners', publicSlug), { signal });

export const getBusinessPageQueryOptions = (publicSlug: string) =>
  queryOptions({
    queryKey: businessPageQueryKey(publicSlug),
    queryFn: ({ signal }) => getBusinessPage(publicSlug, { signal }),
    refetchInterval: false,
  });

/** `enabled` false: not yet (the booking page reads it only once 'Nog een dienst toevoegen' is opened). */
export const useBusinessPage = (publicSlug: string, enabled = true) =>
  useQuery({ ...getBusinessPageQueryOptions(publicSlug), enabled });

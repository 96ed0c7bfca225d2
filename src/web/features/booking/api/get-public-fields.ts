import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicField } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const publicFieldsQueryKey = (slug: string) => ['public-fields', slug] as const;

/** GET /api/public/events/{slug}/fields -> the customer fields of the booking form. */
export const getPublicFields = (slug: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PublicField[]>(apiPath('public', 'events', slug, 'fields'), { signal });

/** docs/PRODUCT.md#api-public: the fields are read once the event has loaded. */
export const getPublicFieldsQueryOptions = (slug: string, enabled = true) =>
  queryOptions({
    queryKey: publicFieldsQueryKey(slug),
    queryFn: ({ signal }) => getPublicFields(slug, { signal }),
    select: (fields) => [...fields].sort((a, b) => a.order - b.order),
    refetchInterval: false,
    enabled,
  });

export const usePublicFields = (slug: string, enabled = true) =>
  useQuery(getPublicFieldsQueryOptions(slug, enabled));

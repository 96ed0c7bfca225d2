import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@contracts/public-booking';
import { api, apiPath } from '@web/lib/api-client';

export const publicEventQueryKey = (slug: string) => ['public-event', slug] as const;

/** GET /api/public/events/{slug} -> what anyone may see of an event (incl. time zone and theme colour). */
export const getPublicEvent = (slug: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PublicEvent>(apiPath('public', 'events', slug), { signal });

export const getPublicEventQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: publicEventQueryKey(slug),
    queryFn: ({ signal }) => getPublicEvent(slug, { signal }),
    // The event rarely changes while someone books; the slots (availability) do refresh.
    refetchInterval: false,
  });

export const usePublicEvent = (slug: string) => useQuery(getPublicEventQueryOptions(slug));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDto } from '@contracts/events';
import { api, apiPath } from '@web/lib/api-client';
import { eventQueryKey } from '@web/lib/query-keys';

export const webhooksQueryKey = (eventId: string) => [...eventQueryKey(eventId), 'webhooks'] as const;

/** GET /api/events/:id/webhooks -> name, url, isActive and the signing secret of each webhook. */
export const getWebhooks = (eventId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<WebhookDto[]>(apiPath('events', eventId, 'webhooks'), { signal });

export const getWebhooksQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: webhooksQueryKey(eventId),
    queryFn: ({ signal }) => getWebhooks(eventId, { signal }),
  });

export const useWebhooks = (eventId: string) => useQuery(getWebhooksQueryOptions(eventId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryDto } from '@contracts/notifications';
import { api, apiPath } from '@web/lib/api-client';
import { queryConfig } from '@web/lib/query-client';

/** While a delivery is still on its way (or waiting for a retry), look again this often. */
export const PENDING_REFETCH_MS = 5_000;

export const webhookDeliveriesQueryKey = (webhookId: string) =>
  ['webhooks', webhookId, 'deliveries'] as const;

/** GET /api/webhooks/:id/deliveries -> the newest deliveries of one webhook (at most 20, newest first). */
export const getWebhookDeliveries = (webhookId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<WebhookDeliveryDto[]>(apiPath('webhooks', webhookId, 'deliveries'), { signal });

export const getWebhookDeliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(webhookId),
    queryFn: ({ signal }) => getWebhookDeliveries(webhookId, { signal }),
    // docs/PRODUCT.md#constants refreshes every 30 s; a pending delivery settles within seconds, so follow it closely.
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending')
        ? PENDING_REFETCH_MS
        : queryConfig.queries.refetchInterval,
  });

/** Only fetched while `enabled` (the deliveries are shown). */
export const useWebhookDeliveries = (webhookId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getWebhookDeliveriesQueryOptions(webhookId), enabled });

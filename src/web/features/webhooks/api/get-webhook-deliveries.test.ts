import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryDto } from '@contracts/notifications';
import { getWebhookDeliveriesQueryOptions, PENDING_REFETCH_MS } from './get-webhook-deliveries';

const delivery = (status: WebhookDeliveryDto['status']) => ({ status }) as WebhookDeliveryDto;
const intervalFor = (data: WebhookDeliveryDto[] | undefined) => {
  const { refetchInterval } = getWebhookDeliveriesQueryOptions('w1');
  if (typeof refetchInterval !== 'function') throw new Error('expected a function');
  return refetchInterval({ state: { data } } as Parameters<typeof refetchInterval>[0]);
};

describe('webhook deliveries query', () => {
  it('is keyed per webhook', () => {
    expect(getWebhookDeliveriesQueryOptions('w1').queryKey).toEqual(['webhooks', 'w1', 'deliveries']);
  });

  it('refreshes every 30 s (docs/PRODUCT.md#constants), every 5 s while a delivery is pending', () => {
    expect(intervalFor(undefined)).toBe(30_000);
    expect(intervalFor([delivery('sent'), delivery('failed')])).toBe(30_000);
    expect(intervalFor([delivery('sent'), delivery('pending')])).toBe(PENDING_REFETCH_MS);
    expect(PENDING_REFETCH_MS).toBe(5_000);
  });
});

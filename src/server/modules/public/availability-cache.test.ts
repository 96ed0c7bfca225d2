import { describe, expect, it } from 'vitest';
import type { SubscriptionHandlers } from '../../db/client';
import { createAvailabilityCache, type Computed } from './availability-cache';

/** A cache over a listening connection that is always live; `notify` plays a committed change. */
function cacheWithNotifications() {
  let handlers: SubscriptionHandlers | undefined;
  const cache = createAvailabilityCache({
    subscribe: (_channel, h) => {
      handlers = h;
      return { live: true, sync: async () => {}, close: async () => {} };
    },
  });
  return { cache, notify: (ownerId: string) => handlers!.message(ownerId) };
}

const NOW = Date.parse('2027-04-28T09:00:00Z');

describe('availability cache: a burst of reads of one answer', () => {
  it('computes it once for all the reads that arrive while it is computed', async () => {
    const { cache } = cacheWithNotifications();
    let computed = 0;
    const compute = async (): Promise<Computed<{ n: number }>> => {
      computed++;
      await new Promise((r) => setTimeout(r, 50));
      return { ownerId: 'o1', value: { n: computed }, expiresAt: Infinity };
    };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => cache.json('m|e1|2027-05|', 'e1', NOW, compute)),
    );
    expect(computed).toBe(1);
    expect(new Set(answers)).toEqual(new Set(['{"n":1}']));
  });

  it('does not share a computation that began before a change was notified', async () => {
    const { cache, notify } = cacheWithNotifications();
    let computed = 0;
    const compute = async (): Promise<Computed<{ n: number }>> => {
      const n = ++computed;
      await new Promise((r) => setTimeout(r, 50));
      return { ownerId: 'o1', value: { n }, expiresAt: Infinity };
    };
    const first = cache.json('m|e1|2027-05|', 'e1', NOW, compute);
    await new Promise((r) => setTimeout(r, 10));
    notify('o1'); // a booking committed while the first read computed
    const second = cache.json('m|e1|2027-05|', 'e1', NOW, compute);
    expect(await first).toBe('{"n":1}');
    expect(await second).toBe('{"n":2}');
    expect(computed).toBe(2);
  });
});

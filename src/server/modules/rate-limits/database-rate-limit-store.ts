import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import { rateLimitHitsRepo } from './rate-limit-hits.repo';

/** How often one instance removes ended windows (a few rows per client and route at most). */
export const CLEANUP_EVERY_MS = 10 * 60 * 1000;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store on the app's database instead of process memory, so every instance
 * counts the same requests: with two instances behind a proxy a client gets the route's `max` in
 * total, not per instance. Windows are fixed, as in the plugin's own memory store: the first hit
 * starts one of the route's `timeWindow`. Each limited request costs one upsert; ended windows are
 * removed now and then by whichever instance notices first.
 */
export function databaseRateLimitStore(
  db: Db,
  now: () => Date,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let lastCleanup = 0;
  const cleanUpNowAndThen = (at: Date) => {
    if (Math.abs(at.getTime() - lastCleanup) < CLEANUP_EVERY_MS) return;
    lastCleanup = at.getTime();
    rateLimitHitsRepo
      .deleteEnded(db, at)
      .catch((err: unknown) => log.warn({ err }, 'removing ended rate-limit windows failed'));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; only route children carry a prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'req:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      rateLimitHitsRepo.hit(db, this.prefix + key, at, timeWindow).then(
        ({ count, expiresAt }) =>
          callback(null, { current: count, ttl: Math.max(0, expiresAt.getTime() - at.getTime()) }),
        (err: Error) => callback(err),
      );
      cleanUpNowAndThen(at);
    }

    /** One counter per route and client, as the memory store keeps one store per route. */
    child(routeOptions: unknown): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(
        undefined,
        `${this.prefix}${String(route.method)} ${String(route.url)}|`,
      );
    }
  }
  return DatabaseRateLimitStore;
}

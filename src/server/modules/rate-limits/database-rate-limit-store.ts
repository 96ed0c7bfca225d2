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
 * starts one of the route's `timeWindow`. Ended windows are removed now and then by whichever
 * instance notices first.
 *
 * The hits are written in batches, like a group commit: the hits of one event-loop turn go out in one
 * upsert, and while it runs the next hits gather for the one after it. Two hundred customers arriving
 * at once for one slot cost a few statements (and WAL flushes) instead of two hundred queued behind
 * the pool; each caller still gets its own count, in arrival order.
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

  type Waiting = { key: string; windowMs: number; at: Date; callback: Callback };
  let pending: Waiting[] = [];
  let writing = false;

  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const hits = new Map<string, { key: string; hits: number; windowMs: number }>();
    for (const { key, windowMs } of batch) {
      const entry = hits.get(key) ?? { key, hits: 0, windowMs };
      entry.hits += 1;
      hits.set(key, entry);
    }
    const at = now();
    rateLimitHitsRepo
      .hitMany(db, [...hits.values()], at)
      .then(
        (counts) => {
          // A key's callers share its new total: the first of them counted first.
          const seen = new Map<string, number>();
          for (const w of batch) {
            const { count, expiresAt } = counts.get(w.key)!;
            const before = seen.get(w.key) ?? 0;
            seen.set(w.key, before + 1);
            const current = count - hits.get(w.key)!.hits + before + 1;
            w.callback(null, { current, ttl: Math.max(0, expiresAt.getTime() - w.at.getTime()) });
          }
        },
        (err: Error) => {
          for (const w of batch) w.callback(err);
        },
      )
      .catch((err: unknown) => log.error({ err }, 'answering rate-limit hits failed'))
      .finally(flush);
    cleanUpNowAndThen(at);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; only route children carry a prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'req:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      pending.push({ key: this.prefix + key, windowMs: timeWindow, at: now(), callback });
      // The first hit of a turn schedules the write after the turn's other requests were read.
      if (!writing) {
        writing = true;
        setImmediate(flush);
      }
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

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { CLEANUP_EVERY_MS } from './database-rate-limit-store';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The per-address limits of the embedded database's one server, counted in its memory: only one
 * process can open a DATA_DIR (db/data-dir-lock.ts), so there is no other instance to share them
 * with, and an upsert on PGlite (a commit with its WAL write, ~1 ms of the one thread that also
 * answers every request) was most of what a refused racer for a taken slot cost
 * (docs/decisions/008-slot-claims.md). The same fixed windows as databaseRateLimitStore, on the
 * app's clock; a restart starts them anew.
 */
export function memoryRateLimitStore(now: () => Date): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  let lastCleanup = 0;
  const cleanUpNowAndThen = (at: number) => {
    if (Math.abs(at - lastCleanup) < CLEANUP_EVERY_MS) return;
    lastCleanup = at;
    for (const [key, window] of windows) if (window.expiresAt <= at) windows.delete(key);
  };

  class MemoryRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'req:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      const full = this.prefix + key;
      let window = windows.get(full);
      if (!window || window.expiresAt <= at) {
        window = { count: 0, expiresAt: at + timeWindow };
        windows.set(full, window);
      }
      window.count++;
      cleanUpNowAndThen(at);
      callback(null, { current: window.count, ttl: Math.max(0, window.expiresAt - at) });
    }

    /** One counter per route and client, as databaseRateLimitStore keeps. */
    child(routeOptions: unknown): MemoryRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new MemoryRateLimitStore(
        undefined,
        `${this.prefix}${String(route.method)} ${String(route.url)}|`,
      );
    }
  }
  return MemoryRateLimitStore;
}

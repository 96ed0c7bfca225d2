import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded database runs without PostgreSQL's background workers, so nothing autovacuums it.
 * Without VACUUM the visibility map stays empty and the dashboard's index-only counts turn into
 * heap scans; without ANALYZE the planner works from stale statistics. Run both hourly (and once
 * shortly after start). PostgreSQL servers are left to their own autovacuum.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  everyMs = MAINTENANCE_EVERY_MS,
): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = async () => {
    try {
      await database.db.execute(sql`vacuum analyze`);
    } catch (err) {
      log.warn({ err }, 'embedded database maintenance failed');
    }
  };
  const first = setTimeout(() => void run(), 30_000);
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

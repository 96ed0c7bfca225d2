import type { Logger } from 'pino';
import type { Database } from './client';
import { isDatabaseUnavailable } from './database-faults';

/**
 * How long start-up keeps trying a database that does not answer: long enough for a database
 * container that starts beside the app, or a failover, and short enough that a wrong address ends in
 * an exit the supervisor shows. Attempts back off from 1 s to 5 s: a database that comes back is in
 * use within 5 s (with 30 s, `npm run test:faults` saw an instance ready 17 s after its database),
 * and one connection attempt every 5 s costs a database nothing.
 */
export const START_RETRY_DEADLINE_MS = 10 * 60_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5_000;

export class DatabaseNotReachableError extends Error {}

/**
 * Opens, pings and migrates the database; while it is unavailable (refused, timed out, shutting
 * down), logs one line per attempt with the reason and the next delay, and tries again, until the
 * deadline. Any other error (a wrong password, a failed migration) ends start-up at once.
 */
export async function openWithRetry(
  open: () => Database,
  log: Logger,
  {
    deadlineMs = START_RETRY_DEADLINE_MS,
    sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  } = {},
): Promise<Database> {
  const startedAt = Date.now();
  for (let attempt = 1, delay = FIRST_DELAY_MS; ; attempt++, delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    const database = open();
    try {
      await database.ping();
      await database.migrate();
      await logMigrationNotes(database, log);
      if (attempt > 1) log.info({ attempt }, 'database reachable: starting');
      return database;
    } catch (err) {
      await database.close().catch(() => {});
      if (!isDatabaseUnavailable(err)) throw err;
      const waited = Date.now() - startedAt;
      if (waited + delay > deadlineMs) {
        throw new DatabaseNotReachableError(
          `database not reachable after ${Math.round(waited / 1000)} s (${attempt} attempts): ${reason(err)}`,
        );
      }
      log.warn({ attempt, retryInMs: delay, reason: reason(err) }, 'database not reachable yet: retrying');
      await sleep(delay);
    }
  }
}

/**
 * What a migration counted for whoever runs it (migration 0026: how many customers it made), logged
 * once: on the start that ran the migration.
 */
async function logMigrationNotes(database: Database, log: Logger): Promise<void> {
  const { rows } = await database.executeSql(
    'update migration_notes set logged = true where not logged returning note',
  );
  for (const row of rows as { note: string }[]) log.info({ migration: true }, row.note);
}

function reason(err: unknown): string {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && !(e as { cause?: unknown }).cause) return message.split('\n')[0]!;
    e = (e as { cause?: unknown }).cause;
  }
  return 'unknown';
}

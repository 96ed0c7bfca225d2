import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { clockStartingOn, TEST_TODAY_NOTICE } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';
import { startEmbeddedMaintenance } from './jobs/embedded-maintenance';
import { startWorkers } from './jobs/workers';
import { safeError } from './http/logger';
import { DatabaseNotReachableError, openWithRetry } from './db/start-retry';

/**
 * How long a shutdown may take before the process gives up on it. Running jobs get up to 20 s
 * (job-queue.ts) after the last request; a container manager should wait longer than this
 * (docker-compose.yml sets stop_grace_period: 40s) so that it is this deadline, logged, and not a
 * silent SIGKILL that ends a stuck drain.
 */
const SHUTDOWN_DEADLINE_MS = 30_000;

/**
 * Connections waiting to be accepted. Node's default (511) overflows under a burst of a few thousand
 * clients and the kernel then drops health checks with the rest; the kernel caps it at somaxconn.
 */
const LISTEN_BACKLOG = 4096;

/** Process entry: validate config, open and migrate the database, serve, and drain on SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error('Invalid configuration, not starting:');
      for (const line of err.lines) console.error(`  ${line}`);
      process.exit(1);
    }
    throw err;
  }

  // The embedded database allows one process at a time (PGlite does not notice a second one, which
  // would corrupt it), in this container or another on the same volume; the lock also keeps
  // `npm run backup`/`restore` away while the app runs.
  const startedAt = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  let releaseLock = () => {};
  let crashed = false;
  if (!config.databaseUrl) {
    try {
      const lock = await acquireDataDirLock(config.dataDir, 'server');
      releaseLock = lock.release;
      crashed = lock.tookOver;
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`Not starting: ${err.message}`);
        process.exit(1);
      }
      throw err;
    }
    process.on('exit', () => releaseLock());
  }
  const lockMs = since(startedAt);

  // Until the app's own logger exists, a plain one with the same redaction.
  const startLog = pino({ level: config.logLevel, serializers: { err: safeError } });
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = startLog;
  // pg-boss does not await some of its own calls (completing or failing a job), so a database restart
  // can surface as a rejection nobody handles; Node would end the process. Each such rejection is one
  // failed statement, retried by whoever needed it (the queue re-runs an unfinished job), so the
  // process keeps serving (docs/decisions/016-database-faults.md).
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection: logged, the process keeps serving');
  });
  // Process warnings (pg-boss's clock-skew warning, a deprecation) go into the JSON log like every
  // other line, instead of a free-text line on stderr that log collectors cannot parse. Node prints
  // them through a listener of its own, installed at start unless `--no-warnings`: it is removed
  // here, so the image's plain `node dist/server/main.js` and `npm start` need no flag.
  for (const printer of process.listeners('warning')) process.off('warning', printer);
  process.on('warning', (warning) => {
    log.warn({ err: warning }, `process warning: ${warning.name}`);
  });

  // Opening an embedded database that was not closed (a crash) replays its WAL here. A PostgreSQL
  // server that does not answer yet is retried with backoff (start-retry.ts).
  const openedAt = performance.now();
  const database = await openWithRetry(() => openDatabase(config), startLog);
  const openMs = since(openedAt);
  // TEST_TODAY (tests only; config.ts refuses it in production) moves the app's clock to that day.
  const app = await buildApp({
    config,
    database,
    now: config.testToday ? clockStartingOn(config.testToday) : undefined,
  });
  log = app.log;
  if (config.testToday) app.log.warn({ testToday: config.testToday }, TEST_TODAY_NOTICE);
  if (crashed)
    app.log.warn(
      { lockMs, openMs },
      'the previous run did not stop cleanly: its lock was taken over and the database recovered',
    );
  // Jobs still marked running were the previous run's (the lock proves no other process uses this
  // database): they go back in the queue now rather than after their deadline.
  if (!config.databaseUrl) await app.jobs.reclaimAbandoned();
  await startWorkers(app);
  const stopMaintenance = startEmbeddedMaintenance(database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C means "now"; whatever was still running is retried by the queue later.
      app.log.warn({ signal }, 'second signal during shutdown: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests and running jobs');
    setTimeout(() => {
      app.log.error(
        { deadlineMs: SHUTDOWN_DEADLINE_MS },
        'shutdown took too long: exiting with work unfinished',
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      stopMaintenance();
      // Stops accepting, waits for in-flight requests, then drains the job queue (running jobs finish,
      // unstarted ones stay queued for the next start or another instance).
      await app.close();
      await database.close();
      releaseLock();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(
    { url: config.appUrl, database: database.kind, pid: process.pid, startMs: since(startedAt), openMs },
    'afspraakplanner ready',
  );
}

main().catch((err) => {
  if (err instanceof DatabaseNotReachableError) console.error(`Not starting: ${err.message}`);
  else console.error(err);
  process.exit(1);
});

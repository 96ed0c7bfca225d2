import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';

/** Every queue the app uses. Names are stored in the database: never rename one. */
export const QUEUES = {
  mail: 'mail',
  webhook: 'webhook',
  calendar: 'calendar-push',
  calendarSync: 'calendar-sync',
  calendarMaintenance: 'calendar-maintenance',
  reconcilePayments: 'payments-reconcile',
} as const;
/** Queues whose jobs are keyed (singletonKey): at most one waiting and one running per key. */
const STATELY: QueueName[] = [QUEUES.calendar, QUEUES.calendarSync];
export type EnqueueName = 'mail' | 'webhook' | 'calendar' | 'calendarSync';
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface RetryPolicy {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for every following one. */
  retryDelay: number;
}

export interface JobQueueOptions {
  /** How often idle workers look for work (pg-boss minimum 0.5 s). */
  pollingIntervalSeconds: number;
  retry: Record<EnqueueName, RetryPolicy>;
}

/**
 * Production timings. Webhooks: 11 retries from 30 s doubling give up after roughly a day
 * (17–34 h, jittered). Mail: the same curve, so a mail server that is down overnight loses nothing.
 */
export const DEFAULT_JOB_OPTIONS: JobQueueOptions = {
  pollingIntervalSeconds: 2,
  retry: {
    mail: { retryLimit: 11, retryDelay: 30 },
    webhook: { retryLimit: 11, retryDelay: 30 },
    calendar: { retryLimit: 11, retryDelay: 30 },
    calendarSync: { retryLimit: 5, retryDelay: 30 },
  },
};

/** pg-boss's SQL ($1, $2 … placeholders) as a Drizzle query, so it runs inside our transaction. */
function toDrizzle(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // sql.param keeps an array one parameter (a plain interpolation would expand it to a list).
    parts.map((part, i) => (i % 2 === 1 ? sql`${sql.param(values[Number(part) - 1] ?? null)}` : sql.raw(part))),
    sql.raw(''),
  );
}

/** A pg-boss `db` that writes through an open Drizzle transaction. */
const inTransaction = (tx: Db) => ({
  executeSql: async (text: string, values?: unknown[]) => (await tx.execute(toDrizzle(text, values))) as unknown as { rows: unknown[] },
});

export interface EnqueueOptions {
  /** The job id; we use the notification's id, so one notification has exactly one job. */
  id: string;
  startAfter?: Date;
  /** For keyed queues: a second job with the same key while one waits is dropped (it would do the same). */
  singletonKey?: string;
}

/**
 * The job runtime (design.md §2): pg-boss on the app's own database, PGlite or PostgreSQL. Jobs are
 * enqueued inside the transaction of the change that causes them, so they exist exactly when the
 * change committed. Any number of app instances may work the same queues; pg-boss hands each job
 * to one of them (SKIP LOCKED) and the cron schedule fires once per minute across all of them.
 */
export function createJobQueue(database: Database, log: FastifyBaseLogger, options: JobQueueOptions = DEFAULT_JOB_OPTIONS) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    supervise: true,
    schedule: true,
    // Completed jobs are only a log for pg-boss; our notifications table is the owner's record.
    archiveCompletedAfterSeconds: 60 * 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;

  async function ensureQueues() {
    for (const name of Object.values(QUEUES)) {
      if (await boss.getQueue(name)) continue;
      try {
        await boss.createQueue(name, { name, policy: STATELY.includes(name) ? 'stately' : 'standard' });
      } catch (err) {
        // Another instance created it at the same moment.
        if (!(await boss.getQueue(name))) throw err;
      }
    }
  }

  return {
    options,

    /** Creates pg-boss's schema and our queues if missing (also run once when test images are built). */
    async install() {
      // Under the start-up lock: neither pg-boss's schema creation (CREATE … IF NOT EXISTS) nor its
      // create_queue (deadlocks) is safe against a second instance starting at the same moment.
      await database.exclusive(async () => {
        await boss.start();
        started = true;
        await ensureQueues();
      });
    },

    /** Adds a job as part of the caller's transaction. */
    async enqueue(tx: Db, name: EnqueueName, data: object, { id, startAfter, singletonKey }: EnqueueOptions) {
      const retry = options.retry[name];
      await boss.send(QUEUES[name], data, {
        id,
        ...(startAfter ? { startAfter } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelay,
        retryBackoff: true,
        expireInSeconds: 120,
        db: inTransaction(tx),
      });
    },

    /** Cancels jobs that no longer apply (e.g. a reminder for a time that was rescheduled). */
    async cancel(tx: Db, name: 'mail' | 'webhook', ids: string[]) {
      if (ids.length) await boss.cancel(QUEUES[name], ids, { db: inTransaction(tx) });
    },

    /**
     * Runs `handler` for each job of `name`, up to `concurrency` at a time per instance (one slow
     * webhook receiver must not hold up everybody else's deliveries).
     */
    async work<T extends object>(name: QueueName, handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>, { concurrency = 1 } = {}) {
      for (let i = 0; i < concurrency; i++) {
        const worker = { id: '' };
        worker.id = await boss.work<T>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          try {
            await handler(job);
          } finally {
            // pg-boss waits the polling interval after every fetch, even one that found work; a
            // worker that just finished a job looks again at once, so a backlog drains at full speed.
            boss.notifyWorker(worker.id);
          }
        });
      }
    },

    /** A cron job that fires once per period across all instances. */
    async schedule(name: QueueName, cron: string) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },

    /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then releases the database. */
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },

    /** Whether this run of a job is its last attempt (no retry follows a failure). */
    isLastAttempt: (job: PgBoss.JobWithMetadata<unknown>) => job.retryCount >= job.retryLimit,
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

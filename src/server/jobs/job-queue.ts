import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { rawSql, type RawStatement } from '../db/prepared';
import type { DeliveryQueue } from './delivery-queues';

/** Every queue the app uses. Names are stored in the database: never rename one. */
export const QUEUES = {
  mail: 'mail',
  webhook: 'webhook',
  // SMS and WhatsApp messages through the owner's provider (docs/PRODUCT.md#text-messages).
  text: 'text',
  calendar: 'calendar-push',
  calendarSync: 'calendar-sync',
  calendarMaintenance: 'calendar-maintenance',
  reconcilePayments: 'payments-reconcile',
  mailRecovery: 'mail-recovery',
  // Cancellations composed when planned, for customers whose booking or owner is gone by the time
  // they are sent (modules/notifications/farewell-mails.ts).
  farewellMail: 'farewell-mail',
  // The daily retention run (docs/PRODUCT.md#privacy): old bookings anonymised.
  privacyRetention: 'privacy-retention',
} as const;
/** Queues whose jobs are keyed (singletonKey): at most one waiting and one running per key. */
const STATELY: QueueName[] = [QUEUES.calendar, QUEUES.calendarSync];
export type EnqueueName = DeliveryQueue | 'calendar' | 'calendarSync' | 'farewellMail';
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
    // A text message is worth less the later it comes: 8 retries from 30 s give up after about 2 hours.
    text: { retryLimit: 8, retryDelay: 30 },
    calendar: { retryLimit: 11, retryDelay: 30 },
    calendarSync: { retryLimit: 5, retryDelay: 30 },
    farewellMail: { retryLimit: 11, retryDelay: 30 },
  },
};

/**
 * How long a job may run before it counts as abandoned (its process died, or it hung past its own
 * timeouts): the handler's own timeouts plus margin. pg-boss's default would be 15 minutes.
 */
export const JOB_DEADLINE_SECONDS: Record<QueueName, number> = {
  // One POST of at most 10 s (webhook-post.ts), plus rendering and recording the delivery.
  [QUEUES.webhook]: 30,
  // SMTP: the owner's host looked up in at most 5 s, connect 10 s, greeting 10 s, at most 20 s
  // idle (mailer.ts); Gmail: a token refresh and the send, 10 s each, once more after a 401. So a
  // killed instance's mail runs again within 60 s (50 s plus the 10 s deadline check).
  [QUEUES.mail]: 50,
  // One provider call of at most MESSAGING_TIMEOUT_MS (10 s), a lookup of it first after a timeout,
  // and the record.
  [QUEUES.text]: 40,
  // One mail, like the mail queue's.
  [QUEUES.farewellMail]: 50,
  // A PATCH, then a POST or DELETE, each a Google call of at most 10 s with its token refresh.
  [QUEUES.calendar]: 120,
  // Pages of events.list (10 s each) for every calendar the owner uses.
  [QUEUES.calendarSync]: 300,
  // Channel renewals and a resync of every connected owner; fires every 15 minutes.
  [QUEUES.calendarMaintenance]: 600,
  // Stripe calls (10 s, two network retries) per open hold; fires every minute.
  [QUEUES.reconcilePayments]: 300,
  // Expiring waiting e-mails, the owners' warnings (a system e-mail each), one probe per owner.
  [QUEUES.mailRecovery]: 300,
  // Batches of 500 anonymised bookings, each one transaction; once a day.
  [QUEUES.privacyRetention]: 600,
};

/** How often each working instance looks for jobs that outlived their deadline. */
export const DEADLINE_CHECK_MS = 10_000;
/** pg-boss's schema (its default). */
const BOSS_SCHEMA = 'pgboss';

/**
 * Puts abandoned jobs back in the queue to run at once. The lost run counts as an attempt (pg-boss
 * raises retry_count when it fetches the job again). pg-boss's own expiry would only do this in its
 * maintenance (every 2 minutes, the first one 2 minutes after start) and would then wait the retry
 * backoff (30–60 s here) as after a failure, so a job of a killed process sat for minutes. Left to
 * pg-boss's expiry: a job on its last attempt (marked failed there) and a keyed job whose key
 * already has a retry waiting (a stately queue holds one per state and key).
 */
const reclaimSql = (onlyExpired: boolean) => `
  UPDATE ${BOSS_SCHEMA}.job j SET state = 'retry', start_after = now()
  WHERE j.state = 'active'
    ${onlyExpired ? 'AND j.started_on + j.expire_in < now()' : ''}
    AND j.retry_count < j.retry_limit
    AND NOT (j.policy = 'stately' AND EXISTS (
      SELECT 1 FROM ${BOSS_SCHEMA}.job w
      WHERE w.name = j.name AND w.state = 'retry' AND COALESCE(w.singleton_key, '') = COALESCE(j.singleton_key, '')))
  RETURNING j.name, j.id`;

/** A pg-boss `db` that writes through an open Drizzle transaction (its SQL as Drizzle's: rawSql). */
const inTransaction = (tx: Db) => ({
  executeSql: async (text: string, values?: unknown[]) =>
    (await tx.execute(rawSql({ text, values: values ?? [] }))) as unknown as { rows: unknown[] },
});

export interface EnqueueOptions {
  /** The job id; we use the notification's id, so one notification has exactly one job. */
  id: string;
  startAfter?: Date;
  /** For keyed queues: a second job with the same key while one waits is dropped (it would do the same). */
  singletonKey?: string;
}

/**
 * The job runtime (docs/architecture/stack.md): pg-boss on the app's own database, PGlite or PostgreSQL. Jobs are
 * enqueued inside the transaction of the change that causes them, so they exist exactly when the
 * change committed. Any number of app instances may work the same queues; pg-boss hands each job
 * to one of them (SKIP LOCKED) and the cron schedule fires once per minute across all of them.
 */
export function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions = DEFAULT_JOB_OPTIONS,
) {
  // pg-boss does not await every statement it starts (a failed job's `fail`): `stop` waits for the
  // ones still under way, so none runs into a database that was closed after the stop. A timer of
  // pg-boss that still fires after the stop (its supervision) finds nothing to do: everything it
  // keeps is in the database, and the next start works from there.
  const underway = new Set<Promise<unknown>>();
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        // Its commands (complete, fail, cancel) read a count from their one row: none was affected.
        if (stopped) return Promise.resolve({ rows: /count\(\*\)/i.test(text) ? [{ count: '0' }] : [] });
        const statement = database.executeSql(text, values);
        underway.add(statement);
        statement.then(
          () => underway.delete(statement),
          () => underway.delete(statement),
        );
        return statement;
      },
    },
    supervise: true,
    schedule: true,
    // Completed jobs are only a log for pg-boss; our notifications table is the owner's record.
    archiveCompletedAfterSeconds: 60 * 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;
  let deadlineTimer: NodeJS.Timeout | undefined;
  /** The timers of `repeat`, cleared by `stop`. */
  const repeating = new Set<NodeJS.Timeout>();

  async function ensureQueues() {
    for (const name of Object.values(QUEUES)) {
      const settings = {
        name,
        policy: (STATELY.includes(name) ? 'stately' : 'standard') as PgBoss.QueuePolicy,
        expireInSeconds: JOB_DEADLINE_SECONDS[name],
      };
      const existing = await boss.getQueue(name);
      // The queue's deadline applies to the jobs pg-boss sends itself (the cron jobs).
      if (existing) {
        if (existing.expireInSeconds !== settings.expireInSeconds) await boss.updateQueue(name, settings);
        continue;
      }
      try {
        await boss.createQueue(name, settings);
      } catch (err) {
        // Another instance created it at the same moment.
        if (!(await boss.getQueue(name))) throw err;
      }
    }
  }

  async function reclaim(onlyExpired: boolean): Promise<number> {
    const { rows } = await database.executeSql(reclaimSql(onlyExpired));
    if (rows.length)
      log.warn(
        { jobs: rows, onlyExpired },
        onlyExpired
          ? 'jobs past their deadline put back in the queue'
          : 'jobs of the previous run put back in the queue',
      );
    return rows.length;
  }

  return {
    options,

    /** Creates pg-boss's schema and our queues if missing (also run once when test images are built). */
    async install() {
      // Under the start-up lock: neither pg-boss's schema creation (CREATE … IF NOT EXISTS) nor its
      // create_queue (deadlocks) is safe against a second instance starting at the same moment.
      await database.exclusive(async () => {
        stopped = false;
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
        expireInSeconds: JOB_DEADLINE_SECONDS[QUEUES[name]],
        db: inTransaction(tx),
      });
    },

    /**
     * Several jobs as one statement (pg-boss `insert`) for the caller to run inside its own: a change's
     * history entry, its messages and their jobs are written in one (booking-history.repo.ts), which
     * is a round trip, and on PostgreSQL a socket write, less per booking (issue 21, B5). Null for none.
     */
    async insertStatement(
      jobs: Array<{ name: EnqueueName; data: object; options: EnqueueOptions }>,
    ): Promise<RawStatement | null> {
      if (!jobs.length) return null;
      let statement: RawStatement | null = null;
      // pg-boss builds its SQL and hands it to the `db` it is given: this one keeps it instead of running it.
      const keep = {
        executeSql: async (text: string, values?: unknown[]) => {
          statement = { text, values: values ?? [] };
          return { rows: [] };
        },
      };
      await boss.insert(
        jobs.map(({ name, data, options: { id, startAfter, singletonKey } }) => ({
          id,
          name: QUEUES[name],
          data,
          ...(startAfter ? { startAfter } : {}),
          ...(singletonKey ? { singletonKey } : {}),
          retryLimit: options.retry[name].retryLimit,
          retryDelay: options.retry[name].retryDelay,
          retryBackoff: true,
          expireInSeconds: JOB_DEADLINE_SECONDS[QUEUES[name]],
        })),
        { db: keep },
      );
      if (!statement) throw new Error('pg-boss built no insert statement');
      return statement;
    },

    /** Cancels jobs that no longer apply (e.g. a reminder for a time that was rescheduled). */
    async cancel(tx: Db, name: DeliveryQueue, ids: string[]) {
      if (ids.length) await boss.cancel(QUEUES[name], ids, { db: inTransaction(tx) });
    },

    /**
     * Cancels those of the jobs no worker has fetched yet (waiting or waiting for a retry) and answers
     * their ids; a job already fetched is left alone. Exact beside the workers: their fetch locks
     * and marks a job active in one statement that skips locked rows, and this update locks and
     * re-checks the state, so each job is either fetched or cancelled, never both.
     */
    async cancelUnstarted(tx: Db, name: DeliveryQueue, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const { rows } = await inTransaction(tx).executeSql(
        `UPDATE ${BOSS_SCHEMA}.job SET state = 'cancelled', completed_on = now()
         WHERE name = $1 AND id = ANY($2::uuid[]) AND state < 'active' RETURNING id`,
        [QUEUES[name], ids],
      );
      return (rows as Array<{ id: string }>).map((r) => r.id);
    },

    /**
     * Runs `handler` for each job of `name`: `concurrency` workers per instance (a slow webhook
     * receiver holds up only the batch it is in), each fetching up to `batchSize` jobs in one statement
     * and running them side by side. A job that fails fails alone, with its own error and retry;
     * pg-boss completes the rest of the batch in one statement (the completion passes over a failed
     * job: it is no longer active). A batch saves two statements per job, which on the embedded
     * database's one connection is time every booking waits for (issue 21, B5).
     */
    async work<T extends object>(
      name: QueueName,
      handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
      { concurrency = 1, batchSize = 1 } = {},
    ) {
      for (let i = 0; i < concurrency; i++) {
        const worker = { id: '' };
        worker.id = await boss.work<T>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize, includeMetadata: true },
          async (batch) => {
            try {
              const outcomes = await Promise.allSettled(batch.map((job) => handler(job)));
              for (const [n, outcome] of outcomes.entries())
                if (outcome.status === 'rejected') await boss.fail(name, batch[n]!.id, outcome.reason);
            } finally {
              // pg-boss waits the polling interval after every fetch, even one that found work; a
              // worker that just finished a batch looks again at once, so a backlog drains at full speed.
              // (Waiting after a batch that was not full, to gather the next, gained nothing measurable
              // in B5 and made B7's e-mail p50 0.2 → 1.1 s.)
              boss.notifyWorker(worker.id);
            }
          },
        );
      }
    },

    /**
     * Start-up after a crash of the embedded server: every job still marked running was running in
     * the previous process (the DATA_DIR lock proves no other process works this database), so
     * all of them go back in the queue now instead of waiting out their deadline. Never on a
     * shared PostgreSQL database, where other instances' jobs run.
     */
    reclaimAbandoned: () => reclaim(false),

    /** Puts jobs that outlived their deadline (a killed or hung instance's) back in the queue, every 10 s. */
    watchDeadlines() {
      deadlineTimer ??= setInterval(
        () => void reclaim(true).catch((err: unknown) => log.error({ err }, 'deadline check failed')),
        DEADLINE_CHECK_MS,
      );
      deadlineTimer.unref();
    },

    /**
     * Runs `task` every `ms` on this instance, never two at once, until `stop` (which waits for a
     * run under way): for work a table of its own holds, like the waitlist's wakeups, where a cron
     * job's minute would be too slow. Each run must be safe beside other instances' runs.
     */
    repeat(label: string, ms: number, task: () => Promise<unknown>) {
      let running = false;
      const timer = setInterval(() => {
        if (running || stopped) return;
        running = true;
        const run = task()
          .catch((err: unknown) => log.error({ err }, `${label} failed`))
          .finally(() => {
            running = false;
            underway.delete(run);
          });
        underway.add(run);
      }, ms);
      timer.unref();
      repeating.add(timer);
    },

    /** A cron job that fires once per period across all instances. */
    async schedule(name: QueueName, cron: string) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },

    /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then releases the database. */
    async stop(timeoutMs = 20_000) {
      clearInterval(deadlineTimer);
      deadlineTimer = undefined;
      for (const timer of repeating) clearInterval(timer);
      repeating.clear();
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      await Promise.allSettled([...underway]);
      stopped = true;
    },

    /** Whether this run of a job is its last attempt (no retry follows a failure). */
    isLastAttempt: (job: PgBoss.JobWithMetadata<unknown>) => job.retryCount >= job.retryLimit,
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

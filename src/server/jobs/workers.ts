import type { FastifyInstance } from 'fastify';
import type { CalendarJob } from '../modules/google/calendar-push';
import type { FarewellJob } from '../modules/notifications/farewell-mails';
import { DELIVERY_QUEUES } from './delivery-queues';
import { QUEUES } from './job-queue';

/**
 * How each delivery queue (mail, webhook, farewell mail) is worked per instance: 4 workers, as many as
 * one job each had, so that mail servers or receivers that hang hold up as few workers as before
 * (a worker takes its next batch once the whole batch is done), each fetching up to 4 deliveries in
 * one statement and completing them in one (job-queue.ts `work`). A backlog then costs two statements
 * less per delivery, which the embedded database's one connection runs in turn with every booking
 * (B5: +20% distinct-slot bookings a second; docs/decisions/008).
 */
const DELIVERY_WORKERS = { concurrency: 4, batchSize: 4 };

/** How often each instance looks for freed places and lapsed offers of the waitlist. */
export const WAITLIST_TICK_MS = 2_000;

/** How often each instance looks for requests past their decision deadline (a conditional update each). */
export const APPROVAL_TICK_MS = 30_000;

/**
 * Starts this instance's workers: e-mail and webhook deliveries, Google Calendar pushes and syncs,
 * and four cron jobs (pg-boss fires each once per period across all instances): the payment
 * reconciliation every minute, the mail recovery (e-mails waiting for a broken owner connection)
 * every 5, the calendar maintenance (channel renewal, resync) every 15 and the retention run daily — and the check that puts jobs past their deadline back in the queue.
 */
export async function startWorkers(app: FastifyInstance) {
  const { jobs, log } = app;
  const { delivery, googleCalendar: calendar, payments, clock } = app.services;
  for (const queue of DELIVERY_QUEUES) {
    const { retryDelay } = jobs.options.retry[queue];
    await jobs.work<{ notificationId: string; probe?: boolean }>(
      QUEUES[queue],
      async (job) => {
        const last = jobs.isLastAttempt(job);
        // pg-boss waits between retryDelay·2^n and twice that; the owner sees the earliest moment.
        const nextAttemptAt = last
          ? null
          : new Date(clock().getTime() + retryDelay * 2 ** job.retryCount * 1000);
        await delivery.run(job.data.notificationId, {
          last,
          nextAttemptAt,
          probe: job.data.probe === true,
          retry: job.retryCount > 0,
        });
      },
      DELIVERY_WORKERS,
    );
  }
  await jobs.work<FarewellJob>(
    QUEUES.farewellMail,
    (job) => app.services.farewell.send(job.data),
    DELIVERY_WORKERS,
  );
  await jobs.work<CalendarJob>(QUEUES.calendar, (job) => calendar.push(job.data));
  await jobs.work<{ userId: string; calendarId?: string }>(
    QUEUES.calendarSync,
    async (job) => void (await calendar.syncOwner(job.data.userId, job.data.calendarId)),
  );
  await jobs.work(QUEUES.calendarMaintenance, () => calendar.maintain());
  await jobs.schedule(QUEUES.calendarMaintenance, '*/15 * * * *');
  await jobs.work(QUEUES.reconcilePayments, async () => {
    const report = await payments.reconcilePayments(clock());
    if (Object.values(report).some((n) => n > 0)) log.info({ report }, 'payments reconciled');
    // Refunds the provider refused or that never reached it (docs/PRODUCT.md#refunds).
    const refunds = await payments.refunds.retryOpen();
    if (refunds.refunded + refunds.failed > 0) log.info({ refunds }, 'refunds retried');
  });
  await jobs.schedule(QUEUES.reconcilePayments, '* * * * *');
  // E-mails waiting for an owner's broken mail connection: one is tried again every 5 minutes.
  await jobs.work(QUEUES.mailRecovery, () => app.services.mailHealth.maintain());
  await jobs.schedule(QUEUES.mailRecovery, '*/5 * * * *');
  // Bookings past their owner's retention period are anonymised at night (docs/PRODUCT.md#privacy).
  await jobs.work(QUEUES.privacyRetention, async () => {
    const report = await app.services.privacy.applyRetention();
    if (report.anonymised + report.scrubbed + report.customers > 0) log.info({ report }, 'retention applied');
    // The activity log keeps its own entries two years (docs/PRODUCT.md#activity-log).
    const activityRemoved = await app.services.activity.applyRetention();
    if (activityRemoved > 0) log.info({ activityRemoved }, 'old activity entries removed');
  });
  await jobs.schedule(QUEUES.privacyRetention, '30 2 * * *');
  // Freed places offered to the waitlist and offers that lapsed passed on (docs/PRODUCT.md#waitlist):
  // their outbox is a table, looked at every couple of seconds by every working instance.
  jobs.repeat('waitlist offers', WAITLIST_TICK_MS, () => app.services.waitlist.offers.tick(clock()));
  // Requests nobody decided in time are declined and their times freed (docs/PRODUCT.md#approval).
  jobs.repeat('approval expiry', APPROVAL_TICK_MS, async () => {
    const lapsed = await app.services.approvals.expire(clock());
    if (lapsed > 0) log.info({ lapsed }, 'undecided requests lapsed');
  });
  // A job whose instance was killed (or that hung past its timeouts) runs again within seconds.
  jobs.watchDeadlines();
}

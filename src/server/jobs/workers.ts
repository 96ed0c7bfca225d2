import type { FastifyBaseLogger } from 'fastify';
import type { NotificationDelivery } from '../modules/notifications/notification-delivery';
import type { ReconcileReport } from '../modules/payments/reconcile-payments';
import { QUEUES, type JobQueue } from './job-queue';

export interface WorkerDeps {
  jobs: JobQueue;
  delivery: NotificationDelivery;
  payments: { reconcilePayments(now: Date): Promise<ReconcileReport> };
  log: FastifyBaseLogger;
}

/**
 * Starts this instance's workers: e-mail and webhook deliveries, and the payment reconciliation,
 * scheduled every minute (pg-boss's cron fires it once per minute across all instances).
 */
export async function startWorkers({ jobs, delivery, payments, log }: WorkerDeps) {
  for (const queue of ['mail', 'webhook'] as const) {
    const { retryDelay } = jobs.options.retry[queue];
    await jobs.work<{ notificationId: string }>(QUEUES[queue], async (job) => {
      const last = jobs.isLastAttempt(job);
      // pg-boss waits between retryDelay·2^n and twice that; the owner sees the earliest moment.
      const nextAttemptAt = last ? null : new Date(Date.now() + retryDelay * 2 ** job.retryCount * 1000);
      await delivery.run(job.data.notificationId, { last, nextAttemptAt });
    });
  }
  await jobs.work(QUEUES.reconcilePayments, async () => {
    const report = await payments.reconcilePayments(new Date());
    if (Object.values(report).some((n) => n > 0)) log.info({ report }, 'payments reconciled');
  });
  await jobs.schedule(QUEUES.reconcilePayments, '* * * * *');
}

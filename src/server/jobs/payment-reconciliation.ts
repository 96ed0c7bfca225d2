import type { FastifyBaseLogger } from 'fastify';
import type { ReconcileReport } from '../modules/payments/reconcile-payments';

export const RECONCILE_EVERY_MS = 60_000;

/**
 * Runs the payment reconciliation every minute in this process until the job queue of the
 * notifications issue takes over. Runs never overlap; the timer does not keep the process alive.
 * Returns the stop function for shutdown.
 */
export function startPaymentReconciliation(
  payments: { reconcilePayments(now: Date): Promise<ReconcileReport> },
  log: FastifyBaseLogger,
  everyMs = RECONCILE_EVERY_MS,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const report = await payments.reconcilePayments(new Date());
      if (Object.values(report).some((n) => n > 0)) log.info({ report }, 'payments reconciled');
    } catch (err) {
      log.error({ err }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReconcileReport } from '../modules/payments/reconcile-payments';
import { RECONCILE_EVERY_MS, startPaymentReconciliation } from './payment-reconciliation';

const empty: ReconcileReport = { confirmed: 0, paid: 0, released: 0, cancelledIntents: 0, refunded: 0, failed: 0, errors: 0 };

describe('payment reconciliation timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every minute, never two runs at once, and stops on shutdown', async () => {
    vi.useFakeTimers();
    let finish: (() => void) | undefined;
    const calls: Date[] = [];
    const payments = {
      reconcilePayments: (now: Date) => {
        calls.push(now);
        return new Promise<ReconcileReport>((resolve) => (finish = () => resolve(empty)));
      },
    };
    const stop = startPaymentReconciliation(payments, pino({ level: 'silent' }));
    await vi.advanceTimersByTimeAsync(RECONCILE_EVERY_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECONCILE_EVERY_MS); // the first run is still busy: skipped
    expect(calls).toHaveLength(1);
    finish!();
    await vi.advanceTimersByTimeAsync(RECONCILE_EVERY_MS);
    expect(calls).toHaveLength(2);
    finish!();
    stop();
    await vi.advanceTimersByTimeAsync(5 * RECONCILE_EVERY_MS);
    expect(calls).toHaveLength(2);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createStripeGateway } from '../../integrations/stripe/stripe-gateway';
import { createSecretBox } from '../../lib/crypto';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { stamps } from '../../test/fixtures';
import { paidFlow, startPaidApp } from '../../test/paid-events';
import { type TestApp } from '../../test/test-app';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { emptyReport, type ReconcileReport } from './reconcile-payments';

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const minutesLater = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe.each(dbKinds())('payment reconciliation on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let flow: ReturnType<typeof paidFlow>;
  let eventId: string;
  /** The service as a job runner uses it, with the confirmation hook observed. */
  let payments: PaymentsService;
  const confirmedIds: string[] = [];
  const paidIds: string[] = [];

  const rowOf = async (intentId: string) =>
    (
      await queryRows<{ id: string; status: string; payment_status: string }>(
        t.database,
        sql`select id, status, payment_status from bookings where stripe_payment_intent_id = ${intentId}`,
      )
    )[0];
  async function hold(date: string, time: string) {
    const res = await flow.hold(date, time);
    expect(res.statusCode).toBe(201);
    return intentIdOf(res.json().clientSecret);
  }
  const report = (over: Partial<ReconcileReport> = {}) => ({ ...emptyReport(), ...over });

  let close: () => Promise<void>;
  beforeAll(async () => {
    let paid;
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
    eventId = paid.event.id;
    payments = createPaymentsService(t.database.db, {
      gateway: createStripeGateway({ apiBase: fake.url }),
      box: createSecretBox(t.config.appSecret),
      appUrl: t.config.appUrl,
      log: t.app.log,
      now: () => clock,
      onConfirmed: async (_tx, booking) => void confirmedIds.push(booking.id),
      onPaid: async (_tx, booking) => void paidIds.push(booking.id),
    });
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  it('confirms a paid hold whose customer closed the browser, once', async () => {
    const pi = await hold('2026-12-02', '10:00');
    expect(await payments.reconcilePayments(clock)).toEqual(report()); // not paid yet: left alone
    fake.setStatus(pi, 'succeeded');
    expect(await payments.reconcilePayments(clock)).toEqual(report({ confirmed: 1 }));
    const row = await rowOf(pi);
    expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(confirmedIds).toEqual([row!.id]);
    expect(await payments.reconcilePayments(clock)).toEqual(report());
    // The customer's browser reports it after all: same booking, no second confirmation.
    const late = await flow.confirm(pi, '2026-12-02', '10:00');
    expect(late.statusCode).toBe(201);
    expect(late.json().booking.id).toBe(row!.id);
    expect(confirmedIds).toHaveLength(1);
  });

  it('cancels a booking whose processing payment failed in the end', async () => {
    const pi = await hold('2026-12-02', '11:00');
    fake.setStatus(pi, 'processing');
    expect((await flow.confirm(pi, '2026-12-02', '11:00')).json().booking.paymentStatus).toBe('pending');
    fake.setStatus(pi, 'requires_payment_method');
    expect(await payments.reconcilePayments(clock)).toEqual(report({ failed: 1 }));
    expect(await rowOf(pi)).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    expect(await flow.takenTimes('2026-12-02')).toEqual(['10:00']);
  });

  it('marks a confirmed booking whose processing payment succeeded as paid, telling onPaid once', async () => {
    const pi = await hold('2026-12-02', '14:00');
    fake.setStatus(pi, 'processing');
    expect((await flow.confirm(pi, '2026-12-02', '14:00')).json().booking.paymentStatus).toBe('pending');
    fake.setStatus(pi, 'succeeded');
    expect(await payments.reconcilePayments(clock)).toEqual(report({ paid: 1 }));
    const row = await rowOf(pi);
    expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await payments.reconcilePayments(clock)).toEqual(report());
    expect(paidIds).toEqual([row!.id]);
  });

  it('releases an expired hold, cancels its intent, and the slot is bookable again', async () => {
    const pi = await hold('2026-12-03', '10:00');
    clock = minutesLater(14);
    expect(await payments.reconcilePayments(clock)).toEqual(report());
    clock = minutesLater(16);
    expect(await payments.reconcilePayments(clock)).toEqual(report({ released: 1, cancelledIntents: 1 }));
    expect(fake.intent(pi).status).toBe('canceled');
    expect(await rowOf(pi)).toMatchObject({ status: 'cancelled' });
    expect(await flow.takenTimes('2026-12-03')).toEqual([]);
    expect(await payments.reconcilePayments(clock)).toEqual(report());
    const again = await hold('2026-12-03', '10:00');
    expect(again).not.toBe(pi);
  });

  it('refunds a payment made after its hold was released and the slot taken', async () => {
    const late = await hold('2026-12-03', '14:00');
    clock = minutesLater(16);
    const winner = await hold('2026-12-03', '14:00'); // releases the expired hold in its transaction
    fake.setStatus(late, 'succeeded');
    expect(await payments.reconcilePayments(clock)).toEqual(report({ refunded: 1 }));
    expect(await payments.reconcilePayments(clock)).toEqual(report());
    expect(fake.refundCount(late)).toBe(1);
    expect(await rowOf(late)).toMatchObject({ status: 'cancelled' });
    expect(await rowOf(winner)).toMatchObject({ status: 'pending' });
    expect(confirmedIds).toHaveLength(1);
  });

  it('releases a hold whose intent was never stored', async () => {
    const id = randomUUID();
    await t.database.db.insert(bookings).values({
      id,
      eventId,
      customerName: 'Klant',
      bookingDate: '2026-12-04',
      bookingTime: '10:00',
      startsAt: new Date('2026-12-04T09:00:00Z'),
      endsAt: new Date('2026-12-04T09:30:00Z'),
      status: 'pending',
      paymentStatus: 'pending',
      holdExpiresAt: minutesLater(15),
      managementTokenHash: `fixture-${id}`,
      ...stamps(t),
    });
    expect(await flow.takenTimes('2026-12-04')).toEqual(['10:00']);
    clock = minutesLater(15);
    expect(await payments.reconcilePayments(clock)).toEqual(report({ released: 1 }));
    expect(await flow.takenTimes('2026-12-04')).toEqual([]);
  });
});

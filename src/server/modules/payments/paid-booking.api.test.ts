import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { paidEventOwner, paidFlow, startPaidApp } from '../../test/paid-events';
import { type TestApp } from '../../test/test-app';

const m = nl.payments;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('paid bookings on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;
  let flow: ReturnType<typeof paidFlow>;
  const rowsOf = (intentId: string) =>
    queryRows<{ id: string; status: string; payment_status: string }>(
      t.database,
      sql`select id, status, payment_status from bookings where stripe_payment_intent_id = ${intentId}`,
    );
  /** A hold for the slot, and its intent id. */
  async function hold(date: string, time: string, via = flow) {
    const res = await via.hold(date, time);
    expect(res.statusCode).toBe(201);
    return intentIdOf(res.json().clientSecret);
  }

  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  it('confirms a paid hold once; a retried confirm answers the same booking', async () => {
    const pi = await hold('2026-12-02', '10:00');
    fake.setStatus(pi, 'succeeded');
    const res = await flow.confirm(pi, '2026-12-02', '10:00');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      bookingTime: '10:00',
      customerName: 'Sanne de Vries',
    });
    expect(body).toMatchObject({ managementToken: null, managementUrl: null }); // given by create-payment-intent
    expect((await paid.owner.get('/api/dashboard')).json().revenue).toBe('25.00');

    const again = await flow.confirm(pi, '2026-12-02', '10:00', {
      customFieldResponses: { Naam: 'Iemand anders', 'E-mail': 'x@example.nl' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().booking).toEqual(body.booking);
    const parallel = await Promise.all([1, 2, 3].map(() => flow.confirm(pi, '2026-12-02', '10:00')));
    expect(parallel.map((r) => r.json().booking.id)).toEqual([
      body.booking.id,
      body.booking.id,
      body.booking.id,
    ]);
    expect(await rowsOf(pi)).toHaveLength(1);
    expect((await paid.owner.get('/api/dashboard')).json().revenue).toBe('25.00');
    // Its confirmation e-mail and owner notice were planned once, with the confirmation itself.
    const planned = await queryRows<{ kind: string }>(
      t.database,
      sql`select kind from notifications where booking_id = ${body.booking.id} and kind in ('confirmation', 'owner_notice')`,
    );
    expect(planned.map((r) => r.kind).sort()).toEqual(['confirmation', 'owner_notice']);
  });

  it('refuses an intent that does not pay for exactly this event, slot and price', async () => {
    const meta = (over: Record<string, string> = {}) => ({
      eventId: paid.event.id,
      bookingDate: '2026-12-03',
      bookingTime: '10:00',
      ...over,
    });
    const direct = (amount: number, metadata: Record<string, string>, currency = 'eur') => {
      const intent = fake.createIntent(paid.secretKey, { amount, currency, metadata });
      fake.setStatus(intent.id, 'succeeded');
      return intent.id;
    };
    const other = await paidEventOwner(t, fake);
    const cases = [
      direct(100, meta()), // wrong amount
      direct(2500, meta(), 'usd'), // wrong currency
      direct(2500, meta({ eventId: other.event.id })), // another event
      direct(2500, meta({ bookingTime: '10:30' })), // another slot
      direct(2500, meta({ bookingDate: '2026-12-04' })),
    ];
    for (const pi of cases) {
      const res = await flow.confirm(pi, '2026-12-03', '10:00');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: m.intentMismatch });
    }
    // A real hold's intent presented for another slot than it paid for.
    const pi = await hold('2026-12-03', '11:00');
    fake.setStatus(pi, 'succeeded');
    expect((await flow.confirm(pi, '2026-12-03', '11:30')).json().message).toBe(m.intentMismatch);
    // Another owner's intent is unknown on this owner's account.
    const foreign = await hold('2026-12-03', '11:00', paidFlow(t, other.event.id));
    expect((await flow.confirm(foreign, '2026-12-03', '11:00')).json().message).toBe(m.intentNotFound);
    expect((await flow.confirm('pi_bestaatniet', '2026-12-03', '11:00')).json().message).toBe(
      m.intentNotFound,
    );
    expect((await flow.confirm('../v1/refunds', '2026-12-03', '11:00')).statusCode).toBe(422);
    const none = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bookings where status = 'confirmed' and booking_date = '2026-12-03'`,
    );
    expect(none[0]!.n).toBe(0);
  });

  it('refuses an unpaid intent, and a paid event without an intent', async () => {
    const pi = await hold('2026-12-03', '13:00');
    const unpaid = await flow.confirm(pi, '2026-12-03', '13:00');
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toBe(m.notCompleted);
    fake.setStatus(pi, 'requires_action');
    expect((await flow.confirm(pi, '2026-12-03', '13:00')).statusCode).toBe(422);
    const noIntent = await flow.confirm('', '2026-12-03', '13:00', { stripePaymentIntentId: undefined });
    expect(noIntent.statusCode).toBe(400);
    expect(noIntent.json().message).toBe(nl.booking.paymentRequired);
    expect((await rowsOf(pi))[0]).toMatchObject({ status: 'pending', payment_status: 'pending' });
  });

  it('confirms a processing payment as pending, and marks it paid once it succeeded', async () => {
    const pi = await hold('2026-12-03', '15:00');
    fake.setStatus(pi, 'processing');
    const res = await flow.confirm(pi, '2026-12-03', '15:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'pending' });
    const revenue = async () => (await paid.owner.get('/api/dashboard')).json().revenue;
    expect((await t.app.services.payments.reconcilePayments(clock)).paid).toBe(0); // still processing
    const before = await revenue();
    fake.setStatus(pi, 'succeeded');
    const report = await t.app.services.payments.reconcilePayments(clock);
    expect(report.paid).toBe(1);
    expect((await rowsOf(pi))[0]).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(Number(await revenue()) - Number(before)).toBe(25);
  });

  it('refunds exactly once when the slot was lost after payment, however often the confirm is retried', async () => {
    const lateId = await hold('2026-12-04', '10:00');
    clock = new Date(NOW.getTime() + 16 * 60_000); // the hold expired ...
    const winner = await hold('2026-12-04', '10:00'); // ... and someone else took the slot
    fake.setStatus(lateId, 'succeeded'); // the first customer paid anyway
    const results = [await flow.confirm(lateId, '2026-12-04', '10:00')];
    results.push(...(await Promise.all([1, 2, 3].map(() => flow.confirm(lateId, '2026-12-04', '10:00')))));
    for (const res of results) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_REFUNDED', message: m.refunded });
    }
    expect(fake.refundCount(lateId)).toBe(1);
    expect((await rowsOf(lateId))[0]).toMatchObject({ status: 'cancelled' });
    await t.app.services.payments.reconcilePayments(clock);
    expect(fake.refundCount(lateId)).toBe(1);
    expect((await rowsOf(winner))[0]).toMatchObject({ status: 'pending' });
  });

  it('confirms a payment whose expired hold was not taken by anyone', async () => {
    const pi = await hold('2026-12-04', '11:00');
    clock = new Date(NOW.getTime() + 20 * 60_000);
    fake.setStatus(pi, 'succeeded');
    const res = await flow.confirm(pi, '2026-12-04', '11:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(fake.refundCount(pi)).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { paidEventOwner, paidFlow, startPaidApp } from '../../test/paid-events';
import { type TestApp } from '../../test/test-app';
import { emptyReport, type ReconcileReport } from './reconcile-payments';

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const minutesLater = (n: number) => new Date(NOW.getTime() + n * 60_000);
const RETURN_URL = 'http://localhost:3000/payment/processing';

/**
 * Bank (redirect) methods on the server side (docs/PRODUCT.md#payments): iDEAL | Wero and
 * Bancontact intents go through the bank and come back, or not, and the booking follows the intent
 * whichever way it ends. The app runs on plain http here, so owners get no webhook endpoint and
 * the reconciliation is what settles a payment whose customer never returns.
 */
describe.each(dbKinds())('bank (redirect) payments on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;
  let flow: ReturnType<typeof paidFlow>;
  let close: () => Promise<void>;

  const rowOf = async (intentId: string) =>
    (
      await queryRows<{ id: string; status: string; payment_status: string; hold_expires_at: Date | null }>(
        t.database,
        sql`select id, status, payment_status, hold_expires_at from bookings where stripe_payment_intent_id = ${intentId}`,
      )
    )[0];
  const plannedConfirmations = async (bookingId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from notifications where booking_id = ${bookingId} and kind = 'confirmation'`,
      )
    )[0]!.n;
  async function hold(date: string, time: string, via = flow) {
    const res = await via.hold(date, time);
    expect(res.statusCode, res.body).toBe(201);
    return intentIdOf(res.json().clientSecret);
  }
  const reconcile = () => t.app.services.payments.reconcilePayments(clock);
  const report = (over: Partial<ReconcileReport> = {}) => ({ ...emptyReport(), ...over });

  beforeAll(async () => {
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  it('offers iDEAL | Wero and Bancontact beside the card for a price in euro, only the card in another currency', async () => {
    const pi = await hold('2026-12-02', '09:00');
    expect(fake.intent(pi)).toMatchObject({
      currency: 'eur',
      automatic_payment_methods: { enabled: true },
      payment_method_types: ['card', 'ideal', 'bancontact'],
    });
    const dollars = await paidEventOwner(t, fake, { title: 'Consult (USD)', currency: 'USD' });
    const usd = await hold('2026-12-02', '09:00', paidFlow(t, dollars.event.id));
    expect(fake.intent(usd)).toMatchObject({ currency: 'usd', payment_method_types: ['card'] });
    expect(() => fake.startRedirect(usd, 'ideal')).toThrow(/does not offer ideal/);
    // Plain http: no owner got a webhook endpoint.
    expect(fake.webhookEndpoints(paid.secretKey)).toEqual([]);
    expect(fake.webhookEndpoints(dollars.secretKey)).toEqual([]);
    // Nobody paid: both holds end with their 15 minutes.
    clock = minutesLater(15);
    expect(await reconcile()).toEqual(report({ released: 2, cancelledIntents: 2 }));
  });

  it('iDEAL: the bank approves, the customer returns and the booking is confirmed and paid, once', async () => {
    const pi = await hold('2026-12-02', '10:00');
    const atBank = fake.startRedirect(pi, 'ideal', { returnUrl: RETURN_URL });
    expect(atBank).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: RETURN_URL } },
    });
    // Still at the bank: not paid, so the return cannot book it yet and the hold stays.
    const early = await flow.confirm(pi, '2026-12-02', '10:00');
    expect(early.statusCode).toBe(422);
    expect(await reconcile()).toEqual(report());
    expect(await rowOf(pi)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    fake.bankSucceeds(pi);
    const back = await flow.confirm(pi, '2026-12-02', '10:00');
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // The customer reloads the return page: the same booking, no second confirmation.
    const reload = await flow.confirm(pi, '2026-12-02', '10:00');
    expect(reload.json().booking.id).toBe(back.json().booking.id);
    expect(await reconcile()).toEqual(report());
    expect(await plannedConfirmations(back.json().booking.id)).toBe(1);
  });

  it('iDEAL: the bank approves and the customer closes the tab; the reconciliation books it', async () => {
    const pi = await hold('2026-12-02', '10:30');
    fake.startRedirect(pi, 'ideal');
    fake.bankSucceeds(pi);
    expect(await reconcile()).toEqual(report({ confirmed: 1 }));
    const row = await rowOf(pi);
    expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid', hold_expires_at: null });
    expect(await plannedConfirmations(row!.id)).toBe(1);
    expect(await flow.takenTimes('2026-12-02')).toContain('10:30');
  });

  it('Bancontact that stays processing books as payment pending and turns paid later', async () => {
    const pi = await hold('2026-12-02', '11:00');
    fake.startRedirect(pi, 'bancontact');
    fake.processing(pi);
    const back = await flow.confirm(pi, '2026-12-02', '11:00');
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'pending' });
    expect(await reconcile()).toEqual(report()); // still processing: nothing to do
    fake.setStatus(pi, 'succeeded');
    expect(await reconcile()).toEqual(report({ paid: 1 }));
    expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await plannedConfirmations(back.json().booking.id)).toBe(1);
  });

  it('a processing payment whose customer never returns is booked as pending by the reconciliation', async () => {
    const pi = await hold('2026-12-03', '09:00');
    fake.startRedirect(pi, 'ideal');
    fake.processing(pi);
    expect(await reconcile()).toEqual(report({ confirmed: 1 }));
    expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'pending' });
    fake.setStatus(pi, 'succeeded');
    expect(await reconcile()).toEqual(report({ paid: 1 }));
    expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('a failed bank payment releases the hold at once, cancels its intent, and the slot is free again', async () => {
    const pi = await hold('2026-12-03', '10:00');
    fake.startRedirect(pi, 'ideal');
    const failed = fake.bankFails(pi);
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        code: 'payment_intent_payment_attempt_failed',
        payment_method: { type: 'ideal' },
      },
    });
    expect(await flow.takenTimes('2026-12-03')).toContain('10:00');
    // Well before the hold's 15 minutes are over.
    clock = minutesLater(1);
    expect(await reconcile()).toEqual(report({ released: 1, cancelledIntents: 1 }));
    expect(fake.intent(pi).status).toBe('canceled');
    expect(await rowOf(pi)).toMatchObject({ status: 'cancelled', hold_expires_at: null });
    expect(await flow.takenTimes('2026-12-03')).not.toContain('10:00');
    // The customer's return (redirect_status=failed) cannot book it.
    expect((await flow.confirm(pi, '2026-12-03', '10:00')).statusCode).toBe(422);
    const again = await hold('2026-12-03', '10:00');
    expect(again).not.toBe(pi);
  });

  it('a declined card keeps the hold: that customer is still on the payment step and may try again', async () => {
    const pi = await hold('2026-12-03', '11:00');
    fake.cardDeclined(pi);
    clock = minutesLater(5);
    expect(await reconcile()).toEqual(report());
    expect(await rowOf(pi)).toMatchObject({ status: 'pending' });
    // Another method on the same intent: this time iDEAL, and it works.
    fake.startRedirect(pi, 'ideal');
    fake.bankSucceeds(pi);
    const back = await flow.confirm(pi, '2026-12-03', '11:00');
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('an abandoned bank payment keeps the slot until the hold expires; then the reconciliation releases it', async () => {
    const pi = await hold('2026-12-04', '10:00');
    fake.startRedirect(pi, 'bancontact');
    fake.bankAbandons(pi);
    clock = minutesLater(14);
    expect(await reconcile()).toEqual(report());
    expect(await flow.takenTimes('2026-12-04')).toContain('10:00');
    clock = minutesLater(15);
    expect(await reconcile()).toEqual(report({ released: 1, cancelledIntents: 1 }));
    expect(fake.intent(pi).status).toBe('canceled');
    expect(await rowOf(pi)).toMatchObject({ status: 'cancelled', hold_expires_at: null });
    expect(await flow.takenTimes('2026-12-04')).not.toContain('10:00');
    // Nothing left to do on later runs.
    expect(await reconcile()).toEqual(report());
  });
});

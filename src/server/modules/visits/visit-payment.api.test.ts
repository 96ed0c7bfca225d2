import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { createService } from '../../test/agenda-fixtures';
import { dbKinds, queryRows, type DbKind } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { PUBLIC_KEY } from '../../test/paid-events';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { salon, visitAnswers, visitSlots, type Salon } from '../../test/visit-fixtures';

const m = nl.payments;
const MINUTE_MS = 60_000;

interface SegmentRow {
  id: string;
  status: string;
  payment_status: string;
  amount_paid: string | null;
  amount_due: string | null;
  hold_expires_at: Date | null;
  booking_time: string;
}

/**
 * A visit with a service paid online (docs/PRODUCT.md#visits): held as one, paid with one payment
 * of what its paid services ask now, confirmed by the paid booking's confirm on its first segment,
 * and every change of that hold (release, more time, expiry, a lost place, a refund) taken by all
 * its segments at once (migration 0029).
 */
describe.each(dbKinds())('paid visits on %s', (kind: DbKind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let s: Salon;
  let verven: { id: string };
  let dates: string[];
  // The app's clock: the real time, moved on where a hold must run out.
  let clock = new Date();

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: () => clock, env: { STRIPE_API_BASE: fake.url } });
    // Knippen has a price paid at the salon; Verven is paid online with a deposit of 10.00.
    s = await salon(t, { knippen: { paymentAmount: '30.00' } as never });
    const keys = await s.a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: fake.newAccount(),
    });
    expect(keys.statusCode, keys.body).toBe(200);
    verven = await createService(s.a, 'Verven', 60, {
      agendaIds: [s.anna, s.bram],
      allowCombinations: true,
      requiresPayment: true,
      paymentAmount: '40.00',
      depositType: 'fixed',
      depositValue: '10.00',
      depositFor: 'everyone',
    } as never);
    // A day of its own per test that books: they share one salon.
    dates = bookableDates(s.knippen as never, 8);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const body = (date: string, time: string, name: string, agendaId?: string) => ({
    services: [{ eventId: s.knippen.id }, { eventId: verven.id }],
    date,
    time,
    answers: visitAnswers(name),
    ...(agendaId ? { agendaId } : {}),
  });
  async function hold(date: string, time: string, name: string, agendaId?: string) {
    const res = await agent(t.app).post(
      '/api/public/visits/payment-intent',
      body(date, time, name, agendaId),
    );
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json();
    return { ...held, intentId: intentIdOf(held.clientSecret) } as {
      visitId: string;
      managementToken: string;
      expiresAt: string;
      intentId: string;
      segments: Array<{ status: string; paymentStatus: string }>;
      totals: { payNow: string };
    };
  }
  /** The confirm the booking page sends after paying: the first segment's body and the intent. */
  const confirm = (date: string, time: string, name: string, intentId: string) =>
    agent(t.app).post('/api/public/bookings', {
      eventId: s.knippen.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: visitAnswers(name),
      stripePaymentIntentId: intentId,
    });
  const segments = (visitId: string) =>
    queryRows<SegmentRow>(
      t.database,
      sql`select id, status, payment_status, amount_paid, amount_due, hold_expires_at, booking_time
          from bookings where visit_id = ${visitId} order by visit_position`,
    );
  const states = async (visitId: string) =>
    (await segments(visitId)).map((r) => `${r.status}/${r.payment_status}`);

  it('quotes the visit: the deposit now, its rest and the salon price later; not booked without paying', async () => {
    const quote = await agent(t.app).post('/api/public/visits/quote', {
      services: [{ eventId: s.knippen.id }, { eventId: verven.id }],
      customerEmail: 'sanne@example.nl',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ payNow: '10.00', dueLater: '60.00', currency: 'EUR' });
    const free = await agent(t.app).post('/api/public/visits/quote', {
      services: [{ eventId: s.knippen.id }, { eventId: s.fohnen.id }],
    });
    expect(free.json()).toMatchObject({ payNow: '0.00', dueLater: '30.00' });

    const unpaid = await agent(t.app).post('/api/public/visits', body(dates[0]!, '10:00', 'Zonder'));
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe(nlPublicSteps.booking.paymentRequired);
    expect(
      (
        await agent(t.app).post('/api/public/visits/payment-intent', {
          ...body(dates[0]!, '10:00', 'Los'),
          services: [{ eventId: s.knippen.id }],
        })
      ).json().message,
    ).toBe(m.notRequired);
  });

  it('holds every segment, and one payment confirms them all', async () => {
    const date = dates[0]!;
    const held = await hold(date, '10:00', 'Sanne', s.anna);
    expect(held.totals.payNow).toBe('10.00');
    expect(held.segments.map((x) => `${x.status}/${x.paymentStatus}`)).toEqual([
      'pending/pending',
      'pending/pending',
    ]);
    expect(fake.intent(held.intentId)).toMatchObject({
      amount: 1000,
      currency: 'eur',
      metadata: { eventId: s.knippen.id, bookingDate: date, bookingTime: '10:00', visitId: held.visitId },
    });
    // Held: the visit's start is not offered to anyone else meanwhile.
    expect((await visitSlots(t, [s.knippen.id, verven.id], date, s.anna))['10:00']).toBe(true);

    fake.setStatus(held.intentId, 'succeeded');
    const res = await confirm(date, '10:00', 'Sanne', held.intentId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const rows = await segments(held.visitId);
    expect(
      rows.map((r) => [r.booking_time, r.status, r.payment_status, r.amount_paid, r.amount_due]),
    ).toEqual([
      ['10:00', 'confirmed', 'paid', '10.00', '60.00'],
      ['10:30', 'confirmed', 'paid', '0.00', '0.00'],
    ]);
    expect(rows.every((r) => r.hold_expires_at === null)).toBe(true);
    // One confirmation for the visit, on its first segment; a history entry for each segment.
    const mails = await queryRows<{ booking_id: string }>(
      t.database,
      sql`select booking_id from notifications where kind = 'confirmation' and booking_id in (${rows[0]!.id}, ${rows[1]!.id})`,
    );
    expect(mails.map((r) => r.booking_id)).toEqual([rows[0]!.id]);
    const history = await queryRows<{ booking_id: string }>(
      t.database,
      sql`select booking_id from booking_history where kind = 'created' and booking_id in (${rows[0]!.id}, ${rows[1]!.id})`,
    );
    expect(history).toHaveLength(2);
    // A repeated confirm answers the same booking and changes nothing.
    const again = await confirm(date, '10:00', 'Sanne', held.intentId);
    expect(again.json().booking.id).toBe(rows[0]!.id);
    expect(await states(held.visitId)).toEqual(['confirmed/paid', 'confirmed/paid']);
  });

  it('gives every place back on release, and more time holds every segment as long', async () => {
    const date = dates[1]!;
    const held = await hold(date, '10:00', 'Ruud', s.anna);
    clock = new Date(clock.getTime() + 5 * MINUTE_MS);
    const more = await agent(t.app).post(`/api/public/payment-holds/${held.managementToken}/extend`);
    expect(more.statusCode, more.body).toBe(200);
    const until = new Date(more.json().expiresAt).getTime();
    expect(
      (await segments(held.visitId)).map((r) => r.hold_expires_at && new Date(r.hold_expires_at).getTime()),
    ).toEqual([until, until]);

    const release = await agent(t.app).post(`/api/public/payment-holds/${held.managementToken}/release`);
    expect(release.statusCode).toBe(204);
    expect(await states(held.visitId)).toEqual(['cancelled/pending', 'cancelled/pending']);
    expect((await visitSlots(t, [s.knippen.id, verven.id], date, s.anna))['10:00']).toBe(false);
    clock = new Date();
  });

  it('frees an expired hold for the next customer; its late payment is refunded', async () => {
    const date = dates[2]!;
    const held = await hold(date, '10:00', 'Laat', s.anna);
    clock = new Date(clock.getTime() + 16 * MINUTE_MS);
    const next = await hold(date, '10:00', 'Vlot', s.anna);
    expect(await states(held.visitId)).toEqual(['cancelled/pending', 'cancelled/pending']);
    expect(await states(next.visitId)).toEqual(['pending/pending', 'pending/pending']);

    fake.setStatus(held.intentId, 'succeeded');
    const late = await confirm(date, '10:00', 'Laat', held.intentId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_REFUNDED', message: m.refunded });
    expect(fake.refundAmounts(held.intentId)).toEqual([1000]);
    expect(await states(next.visitId)).toEqual(['pending/pending', 'pending/pending']);
    clock = new Date();
  });

  it('refunds a payment whose later segment lost its place, and keeps the booking that took it', async () => {
    const date = dates[3]!;
    const held = await hold(date, '10:00', 'Kees', s.anna);
    await agent(t.app).post(`/api/public/payment-holds/${held.managementToken}/release`);
    // Anna's 10:30 (Verven's place) is booked by someone else; Knippen at 10:00 stays free.
    const other = await agent(t.app).post('/api/public/bookings', {
      eventId: s.fohnen.id,
      bookingDate: date,
      bookingTime: '10:45',
      agendaId: s.anna,
      customFieldResponses: visitAnswers('Ander'),
    });
    expect(other.statusCode, other.body).toBe(201);

    fake.setStatus(held.intentId, 'succeeded');
    const res = await confirm(date, '10:00', 'Kees', held.intentId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PAYMENT_REFUNDED');
    expect(fake.refundAmounts(held.intentId)).toEqual([1000]);
    // Nothing of the visit stands, in part or whole; the other booking does.
    expect((await states(held.visitId)).map((x) => x.split('/')[0])).toEqual(['cancelled', 'cancelled']);
    const theirs = await queryRows<{ status: string }>(
      t.database,
      sql`select status from bookings where id = ${other.json().booking.id}`,
    );
    expect(theirs).toEqual([{ status: 'confirmed' }]);
  });

  it('is confirmed by the reconciliation when the browser never reports it', async () => {
    const date = dates[4]!;
    const held = await hold(date, '10:00', 'Weg');
    fake.setStatus(held.intentId, 'succeeded');
    const report = await t.app.services.payments.reconcilePayments(clock);
    expect(report.confirmed).toBe(1);
    expect(await states(held.visitId)).toEqual(['confirmed/paid', 'confirmed/paid']);
  });

  it('a processing payment confirms the visit; once it succeeds every segment shows it paid', async () => {
    const date = dates[5]!;
    const held = await hold(date, '10:00', 'Bank');
    fake.setStatus(held.intentId, 'processing');
    expect((await confirm(date, '10:00', 'Bank', held.intentId)).statusCode).toBe(201);
    expect(await states(held.visitId)).toEqual(['confirmed/pending', 'confirmed/pending']);
    fake.setStatus(held.intentId, 'succeeded');
    expect((await t.app.services.payments.reconcilePayments(clock)).paid).toBe(1);
    expect(await states(held.visitId)).toEqual(['confirmed/paid', 'confirmed/paid']);
  });

  it('cancelled through the manage link with automatic refunds on: the visit is cancelled and refunded once', async () => {
    const auto = await s.a.patch('/api/user/settings', { autoRefund: true });
    expect(auto.statusCode, auto.body).toBe(200);
    const date = dates[6]!;
    const held = await hold(date, '10:00', 'Terug');
    fake.setStatus(held.intentId, 'succeeded');
    expect((await confirm(date, '10:00', 'Terug', held.intentId)).statusCode).toBe(201);

    const manage = await agent(t.app).get(`/api/public/bookings/manage/${held.managementToken}`);
    expect(manage.json().refund).toMatchObject({ amount: '10.00', onCancel: true });
    const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${held.managementToken}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.refundAmounts(held.intentId)).toEqual([1000]);
    expect(await states(held.visitId)).toEqual(['cancelled/refunded', 'cancelled/refunded']);
    expect(cancel.json().refund).toMatchObject({ status: 'succeeded' });
  });
});

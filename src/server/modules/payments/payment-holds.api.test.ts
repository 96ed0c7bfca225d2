import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, owner } from '../../test/fixtures';
import { PUBLIC_KEY, paidAnswers, paidEventOwner, paidFlow, startPaidApp } from '../../test/paid-events';
import { agent, type TestApp } from '../../test/test-app';

const m = nl.payments;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('payment holds on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;
  let flow: ReturnType<typeof paidFlow>;
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string; payment_status: string }>(
        t.database,
        sql`select status, payment_status from bookings where id = ${id}`,
      )
    )[0];

  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  it('answers the public key only for a paid event whose owner set both keys', async () => {
    const res = await agent(t.app).get(`/api/public/events/${paid.event.id}/stripe-public-key`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: PUBLIC_KEY });

    const a = await owner(t);
    const free = (await a.post('/api/events', eventPayload())).json();
    const unpaid = await agent(t.app).get(`/api/public/events/${free.id}/stripe-public-key`);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().message).toBe(m.notRequired);
    const noKeys = (
      await a.post('/api/events', eventPayload({ requiresPayment: true, paymentAmount: '10' }))
    ).json();
    const missing = await agent(t.app).get(`/api/public/events/${noKeys.id}/stripe-public-key`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.notAvailable);
    expect(
      (await agent(t.app).get('/api/public/events/00000000-0000-4000-8000-000000000000/stripe-public-key'))
        .statusCode,
    ).toBe(404);
    // Holding needs working keys too: without them the service is not bookable online.
    const hold = await paidFlow(t, noKeys.id).hold('2026-12-02', '10:00');
    expect(hold.statusCode).toBe(409);
    expect(hold.json()).toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      message: nl.bookingUnavailable.title,
    });
    const freeHold = await paidFlow(t, free.id).hold('2026-12-02', '10:00');
    expect(freeHold.statusCode).toBe(400);
    expect(freeHold.json().message).toBe(m.notRequired);
  });

  it('holds the slot, then creates an intent over the event’s own price', async () => {
    const res = await flow.hold('2026-12-02', '10:00', { amount: 1, customerName: 'Gefaket' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.managementToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.managementUrl).toBe(`http://localhost:3000/booking/manage/${body.managementToken}`);
    expect(body.expiresAt).toBe('2026-12-01T08:15:00.000Z');
    const intent = fake.intent(intentIdOf(body.clientSecret));
    expect(intent.client_secret).toBe(body.clientSecret);
    const view = (await agent(t.app).get(`/api/public/bookings/manage/${body.managementToken}`)).json();
    expect(view.booking).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      customerName: 'Sanne de Vries',
      bookingTime: '10:00',
    });
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'eur',
      status: 'requires_payment_method',
      automatic_payment_methods: { enabled: true },
      metadata: {
        eventId: paid.event.id,
        bookingDate: '2026-12-02',
        bookingTime: '10:00',
        bookingId: view.booking.id,
      },
    });
    const create = fake
      .requests()
      .find(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/payment_intents' &&
          r.idempotencyKey === `hold-${view.booking.id}`,
      );
    expect(create).toBeDefined();

    // Held: busy for everyone else, but not booked (no occupancy, no revenue).
    expect(await flow.takenTimes('2026-12-02')).toEqual(['10:00']);
    const month = (
      await agent(t.app).get(`/api/public/events/${paid.event.id}/availability?month=2026-12`)
    ).json();
    expect(month.days[1].slots.find((s: { time: string }) => s.time === '10:00').busy).toBe(true);
    const other = await flow.hold('2026-12-02', '10:00');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(nl.booking.slotTaken);
    const dashboard = (await paid.owner.get('/api/dashboard')).json();
    expect(dashboard.revenue).toBe('0.00');
    // The hold's slot is named in its intent, so it cannot be moved before payment.
    const move = await agent(t.app).patch(`/api/public/bookings/manage/${body.managementToken}`, {
      bookingDate: '2026-12-02',
      bookingTime: '11:00',
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(m.awaitingPayment);
  });

  it('checks answers and slot like a booking does', async () => {
    const badMail = await flow.hold('2026-12-03', '10:00', {
      customFieldResponses: paidAnswers({ 'E-mail': 'sanne@' }),
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().fields['customFieldResponses.E-mail']).toBe(nl.booking.invalidEmail);
    const past = await flow.hold('2026-12-01', '09:00');
    expect(past.json().message).toBe(nl.booking.slotPast);
    const saturday = await flow.hold('2026-12-05', '10:00');
    expect(saturday.json().message).toBe(nl.booking.slotUnavailable);
    expect(await flow.takenTimes('2026-12-03')).toEqual([]);
  });

  it('gives the slot back at once when the provider refuses, with a Dutch 422', async () => {
    const cheap = await paidEventOwner(t, fake, { paymentAmount: '0.30' }); // below the provider's minimum
    const refused = await paidFlow(t, cheap.event.id).hold('2026-12-02', '10:00');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: m.providerRefused });
    expect(await paidFlow(t, cheap.event.id).takenTimes('2026-12-02')).toEqual([]);

    // The owner revokes the key in their dashboard: the refusal marks it broken, nothing stays held.
    const wrongKey = await paidEventOwner(t, fake);
    fake.revoke(wrongKey.secretKey);
    const unauthorized = await paidFlow(t, wrongKey.event.id).hold('2026-12-02', '10:00');
    expect(unauthorized.statusCode).toBe(409);
    expect(unauthorized.json()).toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      message: nl.bookingUnavailable.title,
    });
    const rows = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bookings where event_id in (${cheap.event.id}, ${wrongKey.event.id})`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('stops an expired hold from blocking: reads skip it and the next customer takes the slot', async () => {
    const first = (await flow.hold('2026-12-03', '14:00')).json();
    const firstId = fake.intent(intentIdOf(first.clientSecret)).metadata.bookingId!;
    clock = new Date(NOW.getTime() + 16 * 60_000);
    expect(await flow.takenTimes('2026-12-03')).toEqual([]);
    const second = await flow.hold('2026-12-03', '14:00');
    expect(second.statusCode).toBe(201);
    expect(await statusOf(firstId)).toEqual({ status: 'cancelled', payment_status: 'pending' });
    // The reconciliation then cancels the released hold's intent (and those of earlier tests' holds), once.
    const report = await t.app.services.payments.reconcilePayments(clock);
    expect(report.errors).toBe(0);
    expect(report.cancelledIntents).toBeGreaterThanOrEqual(1);
    expect(fake.intent(intentIdOf(first.clientSecret)).status).toBe('canceled');
    expect((await t.app.services.payments.reconcilePayments(clock)).cancelledIntents).toBe(0);
    expect(fake.intent(intentIdOf(second.json().clientSecret)).status).toBe('requires_payment_method');
  });
});

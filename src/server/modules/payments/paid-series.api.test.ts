/**
 * A customer's series of a paid service (docs/PRODUCT.md#series): quoted and paid in one payment of
 * every occurrence's price (or deposit), held all or nothing, its later occurrences following the
 * first one's hold (release, more time, expiry, the webhook's settlement; migration 0035), and once
 * paid each occurrence a booking of its own whose cancel refunds only its share. The clock stands
 * on 1 March 2027, so the dates follow the calendar.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nlPublicSeries } from '@contracts/messages-public-series';
import { formatLongDutchDate } from '@core/index';
import { createSecretBox } from '../../lib/crypto';
import { dbKinds, queryRows, type DbKind } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { paidAnswers, paidEventOwner } from '../../test/paid-events';
import { settableClock } from '../../test/rules-fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';

const s = nlPublicSeries.publicSeries;
const TUESDAYS = ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23'];
const APP_URL = 'https://afspraken.example.nl';
const MINUTE_MS = 60_000;
const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '08:30', endTime: '17:00' },
  ]),
);
const weekly = (count: number) => ({ every: '1w', count });

interface OccurrenceRow {
  id: string;
  status: string;
  payment_status: string;
  amount_paid: string | null;
  hold_expires_at: Date | null;
  booking_date: string;
  management_token_box: string;
  refund_status: string | null;
}

describe.each(dbKinds())('a paid series on %s', (kind: DbKind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let ownerAgent: Agent;
  let event: EventDto;
  let endpointId: string;
  const clock = settableClock('2027-03-01', '08:00');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: clock.now, env: { STRIPE_API_BASE: fake.url, APP_URL } });
    const paid = await paidEventOwner(t, fake, {
      title: 'Fysiotherapie',
      workingDays: everyDay,
      dailyPauseTimes: {},
      dateRangeType: 'range',
      dateRangeStart: '2027-03-01',
      dateRangeEnd: '2027-12-31',
      seriesOptions: [4],
    });
    ownerAgent = paid.owner;
    event = paid.event;
    endpointId = fake.webhookEndpoints(paid.secretKey)[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const hold = (time: string, extra: Record<string, unknown> = {}) =>
    agent(t.app).post('/api/create-payment-intent', {
      eventId: event.id,
      bookingDate: TUESDAYS[0],
      bookingTime: time,
      customFieldResponses: paidAnswers(),
      series: weekly(4),
      ...extra,
    });
  async function heldSeries(time: string) {
    const res = await hold(time);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { ...body, intentId: intentIdOf(body.clientSecret) } as {
      managementToken: string;
      expiresAt: string;
      intentId: string;
      series: Array<{ id: string; bookingDate: string; status: string; paymentStatus: string }>;
    };
  }
  const occurrences = (firstId: string) =>
    queryRows<OccurrenceRow>(
      t.database,
      sql`select id, status, payment_status, amount_paid, hold_expires_at, booking_date::text as booking_date,
            management_token_box, refund_status
          from bookings where id = ${firstId} or paid_by_id = ${firstId} order by starts_at`,
    );
  const states = async (firstId: string) =>
    (await occurrences(firstId)).map((r) => `${r.status}/${r.payment_status}`);
  const all = (state: string) => [state, state, state, state];
  const webhook = (type: 'payment_intent.succeeded', intentId: string) => {
    const d = fake.webhookEvent(endpointId, type, intentId);
    return t.app.inject({
      method: 'POST',
      url: new URL(d.url).pathname,
      headers: d.headers,
      payload: d.payload,
    });
  };
  const reconcile = () => t.app.services.payments.reconcilePayments(clock.now());
  async function paidSeries(time: string) {
    const held = await heldSeries(time);
    fake.setStatus(held.intentId, 'succeeded');
    const res = await webhook('payment_intent.succeeded', held.intentId);
    expect(res.statusCode, res.body).toBe(200);
    return held;
  }

  it('quotes the whole series: four prices, or four deposits; only the counts offered', async () => {
    const quote = await agent(t.app).post(`/api/public/events/${event.id}/payment-quote`, {
      customerEmail: 'sanne@example.nl',
      series: weekly(4),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ payNow: '100.00', dueLater: '0.00', currency: 'EUR', occurrences: 4 });
    const single = await agent(t.app).post(`/api/public/events/${event.id}/payment-quote`, {});
    expect(single.json()).toEqual({ payNow: '25.00', dueLater: '0.00', currency: 'EUR' });
    const notOffered = await agent(t.app).post(`/api/public/events/${event.id}/payment-quote`, {
      series: weekly(6),
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe(s.notOffered);

    const deposit = await ownerAgent.patch(`/api/events/${event.id}`, {
      depositType: 'fixed',
      depositValue: '10,00',
      depositFor: 'everyone',
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    try {
      const withDeposit = await agent(t.app).post(`/api/public/events/${event.id}/payment-quote`, {
        series: weekly(4),
      });
      expect(withDeposit.json()).toEqual({
        payNow: '40.00',
        dueLater: '60.00',
        currency: 'EUR',
        occurrences: 4,
      });
    } finally {
      await ownerAgent.patch(`/api/events/${event.id}`, { depositType: 'none' });
    }
  });

  it('holds every occurrence or none: one date held by someone else refuses the whole series', async () => {
    const other = await agent(t.app).post('/api/create-payment-intent', {
      eventId: event.id,
      bookingDate: TUESDAYS[2],
      bookingTime: '09:00',
      customFieldResponses: paidAnswers({ Naam: 'Iemand anders', 'E-mail': 'ander@example.nl' }),
    });
    expect(other.statusCode, other.body).toBe(201);
    const refused = await hold('09:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SLOT_TAKEN',
      message: s.dateRefused.replace('{date}', formatLongDutchDate(TUESDAYS[2]!)).replace('{time}', '09:00'),
    });
    const [row] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bookings where event_id = ${event.id} and booking_time = '09:00'`,
    );
    expect(row?.n).toBe(1);
    const released = await agent(t.app).post(
      `/api/public/payment-holds/${other.json().managementToken}/release`,
    );
    expect(released.statusCode).toBe(204);
  });

  it('one payment of the sum confirms every occurrence; the confirm answers the series', async () => {
    const held = await heldSeries('10:00');
    expect(held.series.map((b) => b.bookingDate)).toEqual(TUESDAYS);
    expect(held.series.map((b) => `${b.status}/${b.paymentStatus}`)).toEqual(all('pending/pending'));
    expect(fake.intent(held.intentId).amount).toBe(10_000);
    const first = held.series[0]!.id;
    expect((await occurrences(first)).map((r) => r.amount_paid)).toEqual(all('25.00'));

    fake.setStatus(held.intentId, 'succeeded');
    const res = await webhook('payment_intent.succeeded', held.intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await states(first)).toEqual(all('confirmed/paid'));
    expect((await occurrences(first)).every((r) => r.hold_expires_at === null)).toBe(true);

    const confirmed = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: TUESDAYS[0],
      bookingTime: '10:00',
      customFieldResponses: paidAnswers(),
      series: weekly(4),
      stripePaymentIntentId: held.intentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const body = confirmed.json();
    expect(body.booking.id).toBe(first);
    expect(
      body.series.map((b: { bookingDate: string; status: string }) => `${b.bookingDate} ${b.status}`),
    ).toEqual(TUESDAYS.map((d) => `${d} confirmed`));
    // One confirmation (the first occurrence's lists every date); each occurrence its own history.
    const [row] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from notifications where kind = 'confirmation'
            and booking_id in (select id from bookings where id = ${first} or paid_by_id = ${first})`,
    );
    expect(row?.n).toBe(1);
  });

  it('a hold that runs out frees every date; "Meer tijd" holds them all longer', async () => {
    const held = await heldSeries('11:00');
    const first = held.series[0]!.id;
    clock.setAt(new Date(clock.now().getTime() + 13 * MINUTE_MS));
    try {
      const extended = await agent(t.app).post(`/api/public/payment-holds/${held.managementToken}/extend`);
      expect(extended.statusCode, extended.body).toBe(200);
      const ends = (await occurrences(first)).map((r) =>
        r.hold_expires_at ? new Date(r.hold_expires_at).toISOString() : null,
      );
      expect(ends).toEqual(all(extended.json().expiresAt));

      clock.setAt(new Date(new Date(extended.json().expiresAt).getTime() + MINUTE_MS));
      await reconcile();
      expect((await states(first)).map((x) => x.split('/')[0])).toEqual(all('cancelled'));
      // The last date is free again for anyone.
      const again = await agent(t.app).post('/api/create-payment-intent', {
        eventId: event.id,
        bookingDate: TUESDAYS[3],
        bookingTime: '11:00',
        customFieldResponses: paidAnswers({ Naam: 'Later', 'E-mail': 'later@example.nl' }),
      });
      expect(again.statusCode, again.body).toBe(201);
      await agent(t.app).post(`/api/public/payment-holds/${again.json().managementToken}/release`);
    } finally {
      clock.setTo('2027-03-01', '08:00');
    }
  });

  it('giving the hold back frees every date at once', async () => {
    const held = await heldSeries('12:00');
    const first = held.series[0]!.id;
    const res = await agent(t.app).post(`/api/public/payment-holds/${held.managementToken}/release`);
    expect(res.statusCode).toBe(204);
    expect(await states(first)).toEqual(all('cancelled/pending'));
    const again = await heldSeries('12:00');
    expect(again.series).toHaveLength(4);
    await agent(t.app).post(`/api/public/payment-holds/${again.managementToken}/release`);
  });

  it('cancelling one paid occurrence refunds only its share; "Deze en alle volgende" the rest, once', async () => {
    const on = await ownerAgent.patch('/api/user/settings', { autoRefund: true });
    expect(on.statusCode, on.body).toBe(200);
    const held = await paidSeries('13:00');
    const first = held.series[0]!.id;
    const box = createSecretBox(t.config.appSecret);
    const tokens = (await occurrences(first)).map((r) => box.decrypt(r.management_token_box));

    const manage = await agent(t.app).get(`/api/public/bookings/manage/${tokens[1]}`);
    expect(manage.json().refund).toMatchObject({ amount: '25.00', onCancel: true });
    const one = await agent(t.app).delete(`/api/public/bookings/manage/${tokens[1]}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().booking.paymentStatus).toBe('refunded');
    expect(fake.refundAmounts(held.intentId)).toEqual([2500]);
    expect(await states(first)).toEqual([
      'confirmed/paid',
      'cancelled/refunded',
      'confirmed/paid',
      'confirmed/paid',
    ]);

    const rest = await agent(t.app).delete(`/api/public/bookings/manage/${tokens[2]}?scope=following`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(fake.refundAmounts(held.intentId)).toEqual([2500, 2500, 2500]);
    expect(await states(first)).toEqual([
      'confirmed/paid',
      'cancelled/refunded',
      'cancelled/refunded',
      'cancelled/refunded',
    ]);
    const twice = await agent(t.app).delete(`/api/public/bookings/manage/${tokens[3]}`);
    expect(twice.statusCode).toBe(409);
    await t.app.services.payments.refunds.retryOpen();
    expect(fake.refundAmounts(held.intentId)).toEqual([2500, 2500, 2500]);
    // The first one is paid still: the provider kept its share.
    expect((await occurrences(first))[0]!.refund_status).toBeNull();
  });
});

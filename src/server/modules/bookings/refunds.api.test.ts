import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { intentIdOf, type FakeStripe } from '../../test/fake-stripe';
import { paidAnswers, paidFlow, startPaidApp } from '../../test/paid-events';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const r = nl.refunds;

describe.each(dbKinds())('refunds of paid bookings on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let anna: Agent;
  let secretKey: string;
  let flow: ReturnType<typeof paidFlow>;
  let close: () => Promise<void>;

  /** A paid, confirmed booking: held, paid at the fake provider, confirmed by the customer's browser. */
  async function paidBooking(date: string, time: string, f = flow) {
    const held = await f.hold(date, time);
    expect(held.statusCode).toBe(201);
    const pi = intentIdOf(held.json().clientSecret);
    fake.setStatus(pi, 'succeeded');
    const confirmed = await f.confirm(pi, date, time);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().booking.paymentStatus).toBe('paid');
    return { id: confirmed.json().booking.id as string, pi, token: held.json().managementToken as string };
  }
  const cancel = (id: string, body: Record<string, unknown> = { status: 'cancelled', refund: 'full' }) =>
    anna.patch(`/api/bookings/${id}`, body);
  /** Who the activity log says asked for a booking's refund. */
  const refundedBy = async (bookingId: string) =>
    queryRows<{ actor: string; member_name: string | null }>(
      t.database,
      sql`select actor, member_name from activity_log where kind = 'booking.refunded' and booking_id = ${bookingId}`,
    );
  const listed = async (id: string) =>
    ((await anna.get('/api/bookings?limit=500')).json() as OwnerBookingDto[]).find((b) => b.id === id);

  beforeAll(async () => {
    let paid;
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock));
    anna = paid.owner;
    secretKey = paid.secretKey;
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
    fake.failRefunds(null);
  });

  it('refunds the whole payment once, however often or however fast the cancel is repeated', async () => {
    const { id, pi } = await paidBooking('2026-12-02', '10:00');
    const raced = await Promise.all([cancel(id), cancel(id)]);
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const won = raced.find((res) => res.statusCode === 200)!.json();
    expect(won).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundStatus: 'succeeded',
      refundError: null,
    });
    expect(new Date(won.refundedAt).getTime()).toBe(NOW.getTime());
    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(nl.ownerBookings.cancelledCannotEdit);
    expect(fake.refundCount(pi)).toBe(1);
    expect(
      fake
        .requests()
        .filter((q) => q.path === '/v1/refunds')
        .map((q) => q.idempotencyKey),
    ).toEqual([`refund-${pi}`]);
    expect(await listed(id)).toMatchObject({ paymentStatus: 'refunded', refundStatus: 'succeeded' });
    // Logged once, by the member who cancelled.
    const { name } = (await anna.get('/api/user')).json() as { name: string };
    expect(await refundedBy(id)).toEqual([{ actor: 'member', member_name: name }]);
  });

  it('keeps the money with "Niet terugbetalen" and with a plain cancel', async () => {
    for (const [time, body] of [
      ['11:00', { status: 'cancelled', refund: 'none' }],
      ['11:30', { status: 'cancelled' }],
    ] as const) {
      const { id, pi } = await paidBooking('2026-12-02', time);
      const res = await cancel(id, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundStatus: null });
      expect(fake.refundCount(pi)).toBe(0);
    }
  });

  describe('partial refunds', () => {
    let partFlow: ReturnType<typeof paidFlow>;
    beforeAll(async () => {
      const res = await anna.post(
        '/api/events',
        eventPayload({ title: 'Balayage (betaald)', requiresPayment: true, paymentAmount: '85.00' }),
      );
      expect(res.statusCode).toBe(201);
      partFlow = paidFlow(t, res.json().id);
    });

    it('gives back the part typed with a Dutch comma, in cents at the provider, and stores it', async () => {
      const { id, pi } = await paidBooking('2026-12-04', '10:00', partFlow);
      const res = await cancel(id, { status: 'cancelled', refund: 'full', refundAmount: '42,50' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'partially_refunded',
        refundStatus: 'succeeded',
        refundAmount: '42.50',
        amountPaid: '85.00',
      });
      expect(fake.refundAmounts(pi)).toEqual([4250]);
      expect(await listed(id)).toMatchObject({ paymentStatus: 'partially_refunded', refundAmount: '42.50' });
      // All of it typed as an amount is the whole refund.
      const whole = await paidBooking('2026-12-04', '11:00', partFlow);
      const all = await cancel(whole.id, { status: 'cancelled', refundAmount: '85' });
      expect(all.json()).toMatchObject({ paymentStatus: 'refunded', refundAmount: null });
      expect(fake.refundAmounts(whole.pi)).toEqual([8500]);
    });

    it('refuses more than was paid, nothing and no amount with "Niet terugbetalen", and changes nothing', async () => {
      const { id, pi } = await paidBooking('2026-12-04', '12:00', partFlow);
      const over = await cancel(id, { status: 'cancelled', refund: 'full', refundAmount: '85,01' });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(r.amountTooMuch.replace('{amount}', '€\u00a085,00'));
      for (const refundAmount of ['0', '0,00', '-5', 'veel', '1,234']) {
        const bad = await cancel(id, { status: 'cancelled', refundAmount });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(r.amountInvalid);
      }
      const none = await cancel(id, { status: 'cancelled', refund: 'none', refundAmount: '10' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(r.amountOnlyWithRefund);
      expect((await cancel(id, { refundAmount: '10' })).json().message).toBe(r.onlyWithCancel);
      expect(await listed(id)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
        refundStatus: null,
      });
      expect(fake.refundCount(pi)).toBe(0);
    });

    it('retries a refused part without giving back twice', async () => {
      const { id, pi } = await paidBooking('2026-12-04', '13:00', partFlow);
      fake.failRefunds('balance_insufficient');
      const res = await cancel(id, { status: 'cancelled', refundAmount: '20.00' });
      expect(res.json()).toMatchObject({
        refundStatus: 'failed',
        paymentStatus: 'paid',
        refundAmount: '20.00',
      });
      fake.failRefunds(null);
      clock = new Date(NOW.getTime() + 60_000);
      const { refunds } = t.app.services.payments;
      expect(await refunds.retryOpen()).toEqual({ refunded: 1, failed: 0 });
      expect(fake.refundAmounts(pi)).toEqual([2000]);
      // Asked again (a lost answer), the part already given back is not given again.
      await t.database.db.execute(sql`update bookings set refund_status = 'failed' where id = ${id}`);
      clock = new Date(NOW.getTime() + 120_000);
      expect(await refunds.retryOpen()).toEqual({ refunded: 1, failed: 0 });
      expect(fake.refundAmounts(pi)).toEqual([2000]);
      expect(await listed(id)).toMatchObject({
        paymentStatus: 'partially_refunded',
        refundStatus: 'succeeded',
      });
    });
  });

  it('refuses a refund of a booking paid nothing online, and a refund without a cancel', async () => {
    const free = (await anna.post('/api/events', eventPayload({ title: 'Gratis intake' }))).json();
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: free.id,
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
      customFieldResponses: paidAnswers(),
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().booking.id;
    const refused = await cancel(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(r.notPaid);
    expect((await listed(id))!).toMatchObject({ status: 'confirmed' });
    const alone = await cancel(id, { refund: 'full' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe(r.onlyWithCancel);
    const unknown = await cancel(id, { status: 'cancelled', refund: 'half' });
    expect(unknown.statusCode).toBe(400);
  });

  it('leaves the booking cancelled with the reason when the provider refuses, and the job retries', async () => {
    const { id, pi } = await paidBooking('2026-12-02', '12:00');
    const asked = fake.requests().length;
    fake.failRefunds('charge_disputed');
    const res = await cancel(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refundStatus: 'failed',
      refundError: r.reasons.disputed,
      refundedAt: null,
    });
    expect(await listed(id)).toMatchObject({ refundStatus: 'failed', refundError: r.reasons.disputed });
    const { refunds } = t.app.services.payments;
    expect(await refunds.retryOpen()).toEqual({ refunded: 0, failed: 1 });
    expect(fake.refundCount(pi)).toBe(0);
    fake.failRefunds(null);
    clock = new Date(NOW.getTime() + 60_000);
    expect(await refunds.retryOpen()).toEqual({ refunded: 1, failed: 0 });
    expect(await refunds.retryOpen()).toEqual({ refunded: 0, failed: 0 });
    expect(fake.refundCount(pi)).toBe(1);
    const done = await listed(id);
    expect(done).toMatchObject({ paymentStatus: 'refunded', refundStatus: 'succeeded', refundError: null });
    // The refund the job made is the system's.
    expect(await refundedBy(id)).toEqual([{ actor: 'systeem', member_name: null }]);
    expect(new Date(done!.refundedAt!).getTime()).toBe(clock.getTime());
    // The first ask under the settlement's key, each retry under its own (the provider replays a stored
    // refusal under a used key); the charge was still refunded once.
    const keys = new Set(
      fake
        .requests()
        .slice(asked)
        .filter((q) => q.path === '/v1/refunds')
        .map((q) => q.idempotencyKey),
    );
    expect(keys).toEqual(
      new Set([
        `refund-${pi}`,
        `refund-${pi}-retry-${NOW.getTime()}`,
        `refund-${pi}-retry-${clock.getTime()}`,
      ]),
    );
  });

  it('finishes a refund its cancel request never asked (a crash after the commit), once it is no longer in flight', async () => {
    const { id, pi } = await paidBooking('2026-12-02', '14:00');
    await t.database.db.execute(
      sql`update bookings set status = 'cancelled', refund_status = 'pending', updated_at = ${NOW.toISOString()}::timestamptz where id = ${id}`,
    );
    const { refunds } = t.app.services.payments;
    expect(await refunds.retryOpen()).toEqual({ refunded: 0, failed: 0 }); // its request may still be asking
    clock = new Date(NOW.getTime() + 61_000);
    expect(await refunds.retryOpen()).toEqual({ refunded: 1, failed: 0 });
    expect(fake.refundCount(pi)).toBe(1);
    expect(await listed(id)).toMatchObject({ paymentStatus: 'refunded', refundStatus: 'succeeded' });
  });

  it('treats a refund the provider already made as done', async () => {
    const { id, pi } = await paidBooking('2026-12-02', '13:00');
    // Refunded at the provider under another key first (e.g. by the owner in Stripe's dashboard).
    const direct = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'dashboard-refund',
      },
      body: `payment_intent=${pi}`,
    });
    expect(direct.status).toBe(200);
    const res = await cancel(id);
    expect(res.json()).toMatchObject({ paymentStatus: 'refunded', refundStatus: 'succeeded' });
    expect(fake.refundCount(pi)).toBe(1);
  });

  describe('automatic refund of a customer’s timely cancel', () => {
    let cutoffFlow: ReturnType<typeof paidFlow>;
    beforeAll(async () => {
      const res = await anna.post(
        '/api/events',
        eventPayload({
          title: 'Kleuren (betaald)',
          requiresPayment: true,
          paymentAmount: '25.00',
          cancelCutoffHours: 24,
        }),
      );
      expect(res.statusCode).toBe(201);
      cutoffFlow = paidFlow(t, res.json().id);
    });
    const setAutoRefund = async (on: boolean) => {
      const res = await anna.patch('/api/user/settings', { autoRefund: on });
      expect(res.statusCode).toBe(200);
      expect(res.json().autoRefund).toBe(on);
    };
    const manage = (token: string) => agent(t.app).get(`/api/public/bookings/manage/${token}`);
    const customerCancel = (token: string) => agent(t.app).delete(`/api/public/bookings/manage/${token}`);

    it('refunds before the cut-off when the owner switched it on, and says so first', async () => {
      await setAutoRefund(true);
      const { pi, token } = await paidBooking('2026-12-03', '10:00', cutoffFlow);
      expect((await manage(token)).json().refund).toEqual({
        amount: '25.00',
        currency: 'EUR',
        onCancel: true,
        status: null,
      });
      const res = await customerCancel(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().booking).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(res.json().refund).toMatchObject({ onCancel: false, status: 'succeeded' });
      expect(fake.refundCount(pi)).toBe(1);
      expect(await refundedBy(res.json().booking.id)).toEqual([{ actor: 'klant', member_name: null }]);
    });

    it('never refunds automatically after the cut-off (the cancel itself is refused then)', async () => {
      await setAutoRefund(true);
      const { pi, token } = await paidBooking('2026-12-03', '11:00', cutoffFlow);
      clock = new Date('2026-12-02T10:30:00Z'); // 23.5 hours before the start: past the 24-hour cut-off
      expect((await manage(token)).json().refund).toMatchObject({ onCancel: false, status: null });
      expect((await customerCancel(token)).statusCode).toBe(409);
      expect(fake.refundCount(pi)).toBe(0);
    });

    it('keeps the money when the setting is off', async () => {
      await setAutoRefund(false);
      const { id, pi, token } = await paidBooking('2026-12-03', '12:00', cutoffFlow);
      expect((await manage(token)).json().refund).toMatchObject({ onCancel: false });
      const res = await customerCancel(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().booking).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
      expect(fake.refundCount(pi)).toBe(0);
      expect(await listed(id)).toMatchObject({ refundStatus: null });
    });
  });
});

describe.each(dbKinds())('no-shows on %s', (kind) => {
  let t: TestApp;
  let clock = NOW;
  let anna: Agent;
  let eventId: string;
  const ids: Record<string, string> = {};
  const mark = (id: string, body: Record<string, unknown>) => anna.patch(`/api/bookings/${id}`, body);
  const webhookRows = (bookingId: string) =>
    queryRows<{ kind: string; webhook_id: string; payload: Record<string, unknown> }>(
      t.database,
      sql`select kind, webhook_id, payload from notifications where booking_id = ${bookingId} and channel = 'webhook' order by kind`,
    );
  let hooks: { created: string; noShow: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
    anna = await owner(t);
    eventId = (await anna.post('/api/events', eventPayload({ title: 'Knippen' }))).json().id;
    const created = await anna.post(`/api/events/${eventId}/webhooks`, {
      name: 'CRM',
      url: 'https://crm.example.nl/nieuw',
    });
    expect(created.json().triggers).toEqual(['booking.created']);
    const noShow = await anna.post(`/api/events/${eventId}/webhooks`, {
      name: 'Administratie',
      url: 'https://admin.example.nl/no-show',
      triggers: ['booking.no_show', 'booking.no_show'],
    });
    expect(noShow.statusCode).toBe(201);
    expect(noShow.json().triggers).toEqual(['booking.no_show']);
    hooks = { created: created.json().id, noShow: noShow.json().id };
    for (const time of ['09:00', '09:30', '10:00', '11:00']) {
      const res = await agent(t.app).post('/api/public/bookings', {
        eventId,
        bookingDate: '2026-12-02',
        bookingTime: time,
        customFieldResponses: paidAnswers({ Naam: `Klant ${time}` }),
      });
      expect(res.statusCode).toBe(201);
      ids[time] = res.json().booking.id;
    }
    expect((await anna.patch(`/api/bookings/${ids['10:00']}`, { status: 'cancelled' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = NOW;
  });

  it('refuses a mark before the start, of a cancelled booking, and together with other changes', async () => {
    const early = await mark(ids['09:00']!, { noShow: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(nl.noShows.beforeStart);
    clock = new Date('2026-12-02T07:59:00Z'); // 08:59 in Amsterdam, a minute before the start
    expect((await mark(ids['09:00']!, { noShow: true })).statusCode).toBe(409);
    clock = new Date('2026-12-02T09:30:00Z');
    const cancelled = await mark(ids['10:00']!, { noShow: true });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(nl.noShows.cancelled);
    const mixed = await mark(ids['09:00']!, { noShow: true, status: 'cancelled' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(nl.noShows.alone);
    expect((await mark(ids['09:00']!, { noShow: 'ja' })).statusCode).toBe(400);
  });

  it('marks once after the start, plans the no-show webhook of the listening webhook only, and unmarks', async () => {
    clock = new Date('2026-12-02T08:00:00Z'); // the start of the 09:00 appointment
    const res = await mark(ids['09:00']!, { noShow: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ noShow: true, status: 'confirmed' });
    expect(new Date(res.json().noShowAt).getTime()).toBe(clock.getTime());
    const repeated = await mark(ids['09:00']!, { noShow: true });
    expect(repeated.json().noShow).toBe(true);
    const rows = await webhookRows(ids['09:00']!);
    expect(rows.map((r) => [r.kind, r.webhook_id])).toEqual([
      ['booking_created', hooks.created],
      ['booking_no_show', hooks.noShow],
    ]);
    expect(rows[0]!.payload).toMatchObject({ type: 'booking.created', booking_id: ids['09:00'] });
    expect(rows[1]!.payload).toMatchObject({
      type: 'booking.no_show',
      booking_id: ids['09:00'],
      event_id: eventId,
      customer_name: 'Klant 09:00',
      booking_date: '2026-12-02',
      booking_time: '09:00',
      status: 'confirmed',
      payment_status: 'not_required',
    });
    // The owner's delivery log says what each delivery reported.
    const deliveries = async (hook: string) =>
      (
        (await anna.get(`/api/webhooks/${hook}/deliveries`)).json() as {
          trigger: string;
          bookingId: string;
        }[]
      )
        .filter((d) => d.bookingId === ids['09:00'])
        .map((d) => d.trigger);
    expect(await deliveries(hooks.created)).toEqual(['booking.created']);
    expect(await deliveries(hooks.noShow)).toEqual(['booking.no_show']);
    clock = new Date('2026-12-02T08:45:00Z'); // 09:45: the 09:30 appointment has started too
    expect((await mark(ids['09:30']!, { noShow: true })).json().noShow).toBe(true);
    const unmarked = await mark(ids['09:30']!, { noShow: false });
    expect(unmarked.json()).toMatchObject({ noShow: false, noShowAt: null });
    // Unmarking plans nothing; the mark's own webhook stays planned.
    expect((await webhookRows(ids['09:30']!)).map((r) => r.kind)).toEqual([
      'booking_created',
      'booking_no_show',
    ]);
  });

  it('filters the bookings list by no-show, page by page', async () => {
    const shown = (await anna.get('/api/bookings?noShow=true')).json() as { id: string; noShow: boolean }[];
    expect(shown.map((b) => b.id)).toEqual([ids['09:00']]);
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await anna.get(`/api/bookings?noShow=false&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      pages.push(...(res.json() as { id: string }[]).map((b) => b.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(pages).toEqual([ids['11:00'], ids['10:00'], ids['09:30']]);
    const bad = await anna.get('/api/bookings?noShow=misschien');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(nl.ownerBookings.invalidFilter);
  });

  it('counts no-shows and their rate among started confirmed appointments per period', async () => {
    clock = new Date('2026-12-02T09:45:00Z'); // 10:45: 09:00 and 09:30 have started, 11:00 not yet
    const today = (await anna.get('/api/analytics?period=today')).json();
    expect(today.noShows).toEqual({ count: 1, started: 2, rate: 0.5 });
    const yesterday = (await anna.get('/api/analytics?period=yesterday')).json();
    expect(yesterday.noShows).toEqual({ count: 0, started: 0, rate: null });
  });

  it('edits a webhook’s triggers and refuses none', async () => {
    const none = await anna.patch(`/api/webhooks/${hooks.created}`, { triggers: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(nl.webhooksUi.triggerRequired);
    const unknown = await anna.patch(`/api/webhooks/${hooks.created}`, { triggers: ['booking.deleted'] });
    expect(unknown.statusCode).toBe(400);
    const both = await anna.patch(`/api/webhooks/${hooks.created}`, {
      triggers: ['booking.created', 'booking.no_show'],
    });
    expect(both.json().triggers).toEqual(['booking.created', 'booking.no_show']);
    const list = (await anna.get(`/api/events/${eventId}/webhooks`)).json() as { triggers: string[] }[];
    // Both were made in the fixed clock's one instant: the list's order between them is not defined.
    expect(list.map((w) => w.triggers)).toHaveLength(2);
    expect(list.map((w) => w.triggers)).toEqual(
      expect.arrayContaining([['booking.created', 'booking.no_show'], ['booking.no_show']]),
    );
  });
});

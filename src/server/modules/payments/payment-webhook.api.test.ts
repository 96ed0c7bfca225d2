import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { createStripeGateway, WEBHOOK_EVENTS } from '../../integrations/stripe/stripe-gateway';
import { createSecretBox } from '../../lib/crypto';
import { dbKinds, queryRows } from '../../test/databases';
import { intentIdOf, startFakeStripe, type FakeDelivery, type FakeStripe } from '../../test/fake-stripe';
import { PUBLIC_KEY, paidEventOwner, paidFlow, startPaidApp } from '../../test/paid-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { emptyReport } from './reconcile-payments';

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const APP_URL = 'https://afspraken.example.nl';
const BAD_SIGNATURE = { code: 'BAD_REQUEST', message: nl.paymentWebhook.badSignature };

/**
 * The provider's webhook (docs/architecture/payments.md): with an https APP_URL every owner who
 * saves keys gets an endpoint on their own account, and a signed event settles the booking at once,
 * the same way the reconciliation would, whichever of webhook, reconciliation and the customer's
 * return comes first.
 */
describe.each(dbKinds())('payment webhook on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock = NOW;
  let paid: Awaited<ReturnType<typeof paidEventOwner>>;
  let flow: ReturnType<typeof paidFlow>;
  let close: () => Promise<void>;
  let endpointId: string;
  let stripeAddress = 0;

  const box = () => createSecretBox(t.config.appSecret);
  const userRow = async (id: string) =>
    (
      await queryRows<{ stripe_webhook_endpoint_id: string | null; stripe_webhook_secret: string | null }>(
        t.database,
        sql`select stripe_webhook_endpoint_id, stripe_webhook_secret from users where id = ${id}`,
      )
    )[0]!;
  const rowOf = async (intentId: string) =>
    (
      await queryRows<{ id: string; status: string; payment_status: string; hold_expires_at: Date | null }>(
        t.database,
        sql`select id, status, payment_status, hold_expires_at from bookings where stripe_payment_intent_id = ${intentId}`,
      )
    )[0]!;
  const plannedConfirmations = async (bookingId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from notifications where booking_id = ${bookingId} and kind = 'confirmation'`,
      )
    )[0]!.n;
  async function hold(date: string, time: string) {
    const res = await flow.hold(date, time);
    expect(res.statusCode, res.body).toBe(201);
    return intentIdOf(res.json().clientSecret);
  }
  /** A delivery as the provider makes it, to the path of the endpoint's URL, from one of its addresses. */
  const deliver = (d: Pick<FakeDelivery, 'url' | 'payload' | 'headers'>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(d.url).pathname,
      headers: d.headers,
      payload: d.payload,
      remoteAddress: `3.18.12.${(++stripeAddress % 250) + 1}`,
    });
  const event = (type: (typeof WEBHOOK_EVENTS)[number], intentId: string, timestamp?: number) =>
    deliver(fake.webhookEvent(endpointId, type, intentId, { timestamp }));
  const reconcile = () => t.app.services.payments.reconcilePayments(clock);

  beforeAll(async () => {
    ({ t, fake, paid, flow, close } = await startPaidApp(kind, () => clock, { APP_URL }));
    endpointId = fake.webhookEndpoints(paid.secretKey)[0]!.id;
  });
  afterAll(() => close());
  beforeEach(() => {
    clock = NOW;
  });

  describe('the endpoint per owner', () => {
    it('saving keys over https makes an endpoint on the owner’s own account, its signing secret sealed', async () => {
      const endpoints = fake.webhookEndpoints(paid.secretKey);
      expect(endpoints).toHaveLength(1);
      expect(endpoints[0]).toMatchObject({
        url: `${APP_URL}/api/payments/webhook/${paid.owner.id}`,
        status: 'enabled',
      });
      expect([...endpoints[0]!.enabled_events].sort()).toEqual([...WEBHOOK_EVENTS].sort());
      const row = await userRow(paid.owner.id);
      const secret = fake.endpointSecret(endpointId);
      expect(secret).toMatch(/^whsec_/);
      expect(row.stripe_webhook_endpoint_id).toBe(endpointId);
      expect(row.stripe_webhook_secret).not.toContain(secret);
      expect(row.stripe_webhook_secret).not.toContain('whsec_');
      expect(box().decrypt(row.stripe_webhook_secret!)).toBe(secret);
      // Never part of what the owner app reads.
      const me = await paid.owner.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.body).not.toContain(secret);
      expect(me.body).not.toContain(endpointId);
    });

    it('saving the keys again replaces the endpoint, another account’s key moves it, removing the keys deletes it', async () => {
      const other = await paidEventOwner(t, fake, { title: 'Verven' });
      const [first] = fake.webhookEndpoints(other.secretKey);
      expect(first).toBeDefined();

      const again = await other.owner.patch('/api/user/settings', {
        stripePublicKey: PUBLIC_KEY,
        stripeSecretKey: other.secretKey,
      });
      expect(again.statusCode, again.body).toBe(200);
      const [second] = fake.webhookEndpoints(other.secretKey);
      expect(second!.id).not.toBe(first!.id);
      expect(fake.webhookEndpoints(other.secretKey)).toHaveLength(1);
      expect(fake.deletedEndpoints()).toContain(first!.id);
      expect((await userRow(other.owner.id)).stripe_webhook_endpoint_id).toBe(second!.id);

      // Only the publishable key: the endpoint stays as it is.
      expect(
        (await other.owner.patch('/api/user/settings', { stripePublicKey: PUBLIC_KEY })).statusCode,
      ).toBe(200);
      expect(fake.webhookEndpoints(other.secretKey).map((e) => e.id)).toEqual([second!.id]);

      const newKey = fake.newAccount();
      const moved = await other.owner.patch('/api/user/settings', { stripeSecretKey: newKey });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(fake.webhookEndpoints(other.secretKey)).toEqual([]);
      const [third] = fake.webhookEndpoints(newKey);
      expect(third!.url).toBe(`${APP_URL}/api/payments/webhook/${other.owner.id}`);
      expect(box().decrypt((await userRow(other.owner.id)).stripe_webhook_secret!)).toBe(
        fake.endpointSecret(third!.id),
      );

      const removed = await other.owner.patch('/api/user/settings', {
        stripePublicKey: null,
        stripeSecretKey: null,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(fake.webhookEndpoints(newKey)).toEqual([]);
      expect(fake.deletedEndpoints()).toContain(third!.id);
      expect(await userRow(other.owner.id)).toEqual({
        stripe_webhook_endpoint_id: null,
        stripe_webhook_secret: null,
      });
    });

    it('a refused endpoint never fails the save; saving again later makes it', async () => {
      const key = fake.newAccount();
      // The account is at the provider's limit of 16 endpoints, all someone else's.
      const direct = createStripeGateway({ apiBase: fake.url }).account(key);
      const theirs = [];
      for (let i = 0; i < 16; i++)
        theirs.push(await direct.createWebhookEndpoint(`https://elders.example/${i}`));
      const other = await paidEventOwner(t, fake, { title: 'Föhnen' });
      const saved = await other.owner.patch('/api/user/settings', {
        stripePublicKey: PUBLIC_KEY,
        stripeSecretKey: key,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().paymentKeysStatus).toBe('ok');
      expect(await userRow(other.owner.id)).toEqual({
        stripe_webhook_endpoint_id: null,
        stripe_webhook_secret: null,
      });
      expect(fake.webhookEndpoints(key)).toHaveLength(16);

      await direct.deleteWebhookEndpoint(theirs[0]!.id);
      expect(
        (await other.owner.patch('/api/user/settings', { stripePublicKey: PUBLIC_KEY })).statusCode,
      ).toBe(200);
      const ours = fake.webhookEndpoints(key).filter((e) => e.url.startsWith(APP_URL));
      expect(ours).toHaveLength(1);
      expect((await userRow(other.owner.id)).stripe_webhook_endpoint_id).toBe(ours[0]!.id);
    });
  });

  describe('deliveries', () => {
    it('the bank approves and the customer never returns: the webhook confirms the booking at once, once', async () => {
      const pi = await hold('2026-12-02', '10:00');
      fake.startRedirect(pi, 'ideal');
      fake.bankSucceeds(pi);
      const res = await event('payment_intent.succeeded', pi);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
      const row = await rowOf(pi);
      expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid', hold_expires_at: null });
      expect(await plannedConfirmations(row.id)).toBe(1);
      // No reconciliation was needed, and it finds nothing left to do.
      expect(await reconcile()).toEqual(emptyReport());
      // The provider delivers again (it retries until it sees a 2xx), the customer returns after all.
      expect((await event('payment_intent.succeeded', pi)).statusCode).toBe(200);
      const late = await flow.confirm(pi, '2026-12-02', '10:00');
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().booking).toMatchObject({ id: row.id, status: 'confirmed', paymentStatus: 'paid' });
      expect(await plannedConfirmations(row.id)).toBe(1);
    });

    it('webhook, reconciliation and the customer’s return confirm exactly once, in any order or all at once', async () => {
      type Step = 'webhook' | 'reconcile' | 'return';
      const orders: Step[][] = [
        ['webhook', 'reconcile', 'return'],
        ['webhook', 'return', 'reconcile'],
        ['reconcile', 'webhook', 'return'],
        ['reconcile', 'return', 'webhook'],
        ['return', 'webhook', 'reconcile'],
        ['return', 'reconcile', 'webhook'],
      ];
      const times = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
      const run = async (step: Step, pi: string, time: string) => {
        if (step === 'webhook') expect((await event('payment_intent.succeeded', pi)).statusCode).toBe(200);
        if (step === 'reconcile') expect((await reconcile()).errors).toBe(0);
        if (step === 'return') expect((await flow.confirm(pi, '2026-12-02', time)).statusCode).toBe(201);
      };
      const check = async (pi: string) => {
        const row = await rowOf(pi);
        expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
        expect(await plannedConfirmations(row.id)).toBe(1);
      };
      for (const [i, order] of orders.entries()) {
        const pi = await hold('2026-12-02', times[i]!);
        fake.startRedirect(pi, 'ideal');
        fake.bankSucceeds(pi);
        for (const step of order) await run(step, pi, times[i]!);
        await check(pi);
      }
      const pi = await hold('2026-12-02', times[6]!);
      fake.startRedirect(pi, 'bancontact');
      fake.bankSucceeds(pi);
      await Promise.all(
        (['webhook', 'reconcile', 'return', 'webhook'] as Step[]).map((s) => run(s, pi, times[6]!)),
      );
      await check(pi);
    });

    it('a failed bank payment: the webhook releases the hold and cancels its intent; the slot is free again', async () => {
      const pi = await hold('2026-12-03', '10:00');
      fake.startRedirect(pi, 'ideal');
      fake.bankFails(pi);
      expect(await flow.takenTimes('2026-12-03')).toContain('10:00');
      expect((await event('payment_intent.payment_failed', pi)).statusCode).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'cancelled', hold_expires_at: null });
      expect(fake.intent(pi).status).toBe('canceled');
      expect(await flow.takenTimes('2026-12-03')).not.toContain('10:00');
      expect(await reconcile()).toEqual(emptyReport());
      expect(await hold('2026-12-03', '10:00')).not.toBe(pi);
    });

    it('an intent cancelled at the provider releases its hold', async () => {
      const pi = await hold('2026-12-03', '11:00');
      await createStripeGateway({ apiBase: fake.url }).account(paid.secretKey).cancelIntent(pi, 'dashboard');
      expect((await event('payment_intent.canceled', pi)).statusCode).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'cancelled', hold_expires_at: null });
      expect(await flow.takenTimes('2026-12-03')).not.toContain('11:00');
    });

    it('a declined card keeps the hold: its customer is still paying', async () => {
      const pi = await hold('2026-12-03', '11:30');
      fake.cardDeclined(pi);
      expect((await event('payment_intent.payment_failed', pi)).statusCode).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    });

    it('a payment that stays processing books as payment pending and turns paid by the next event', async () => {
      const pi = await hold('2026-12-03', '14:00');
      fake.startRedirect(pi, 'bancontact');
      fake.processing(pi);
      expect((await event('payment_intent.processing', pi)).statusCode).toBe(200);
      const row = await rowOf(pi);
      expect(row).toMatchObject({ status: 'confirmed', payment_status: 'pending' });
      fake.setStatus(pi, 'succeeded');
      expect((await event('payment_intent.succeeded', pi)).statusCode).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect(await plannedConfirmations(row.id)).toBe(1);
    });

    it('never trusts the event body: the intent is asked from the provider', async () => {
      const pi = await hold('2026-12-03', '15:00');
      fake.startRedirect(pi, 'ideal');
      // Correctly signed (e.g. an old event delivered late), but the intent is still at the bank.
      const payload = JSON.stringify({
        id: 'evt_verouderd',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { ...fake.intent(pi), status: 'succeeded' } },
      });
      const res = await deliver({
        url: `${APP_URL}/api/payments/webhook/${paid.owner.id}`,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(endpointId, payload) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    });

    it('refuses deliveries not signed now by this owner’s endpoint with a Dutch 400, changing nothing', async () => {
      const pi = await hold('2026-12-04', '10:00');
      fake.startRedirect(pi, 'ideal');
      fake.bankSucceeds(pi);
      const good = fake.webhookEvent(endpointId, 'payment_intent.succeeded', pi);
      const refused = async (d: Pick<FakeDelivery, 'url' | 'payload' | 'headers'>) => {
        const res = await deliver(d);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual(BAD_SIGNATURE);
      };
      // The body changed after signing (here: the intent id).
      await refused({ ...good, payload: good.payload.replace(pi, `${pi.slice(0, -1)}x`) });
      // Re-serialized JSON is not the signed bytes either.
      await refused({ ...good, payload: JSON.stringify(JSON.parse(good.payload)) });
      await refused({ ...good, headers: { 'content-type': 'application/json' } });
      await refused({ ...good, headers: { ...good.headers, 'stripe-signature': 't=1,v1=00' } });
      // Signed by another owner's endpoint secret.
      const other = await paidEventOwner(t, fake, { title: 'Baard' });
      const otherEndpoint = fake.webhookEndpoints(other.secretKey)[0]!.id;
      await refused({
        ...good,
        headers: { ...good.headers, 'stripe-signature': fake.sign(otherEndpoint, good.payload) },
      });
      // A replay: the right signature, but older than the 300 seconds' tolerance.
      const seconds = Math.floor(Date.now() / 1000);
      await refused(
        fake.webhookEvent(endpointId, 'payment_intent.succeeded', pi, { timestamp: seconds - 301 }),
      );
      // Unknown owners.
      await refused({ ...good, url: `${APP_URL}/api/payments/webhook/00000000-0000-4000-8000-000000000000` });
      await refused({ ...good, url: `${APP_URL}/api/payments/webhook/niet-een-id` });
      expect(await rowOf(pi)).toMatchObject({ status: 'pending', payment_status: 'pending' });

      // Within the tolerance it counts.
      expect((await event('payment_intent.succeeded', pi, seconds - 240)).statusCode).toBe(200);
      expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    });

    it('acknowledges events it does not handle without acting on them', async () => {
      const pi = await hold('2026-12-04', '11:00');
      fake.startRedirect(pi, 'ideal');
      fake.bankSucceeds(pi);
      const ack = async (body: object) => {
        const payload = JSON.stringify(body);
        const res = await deliver({
          url: `${APP_URL}/api/payments/webhook/${paid.owner.id}`,
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(endpointId, payload) },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ received: true });
      };
      await ack({
        id: 'evt_1',
        object: 'event',
        type: 'charge.succeeded',
        data: { object: { id: 'ch_1', object: 'charge' } },
      });
      await ack({
        id: 'evt_2',
        object: 'event',
        type: 'payment_intent.created',
        data: { object: { id: pi, object: 'payment_intent' } },
      });
      await ack({
        id: 'evt_3',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'ch_2', object: 'charge' } },
      });
      // An intent this owner's key cannot read (not theirs).
      await ack({
        id: 'evt_4',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_onbekend', object: 'payment_intent' } },
      });
      expect(await rowOf(pi)).toMatchObject({ status: 'pending' });
    });

    it('answers broken and oversize bodies with a Dutch 4xx, never a 5xx', async () => {
      const url = `/api/payments/webhook/${paid.owner.id}`;
      const bodies: Array<[string, string | Buffer, string | undefined]> = [
        ['empty', '', 'application/json'],
        ['truncated JSON', '{"id":"evt_1","type":"payment_intent.succ', 'application/json'],
        ['form-encoded', 'id=evt_1&type=payment_intent.succeeded', 'application/x-www-form-urlencoded'],
        ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01]), 'application/octet-stream'],
        // Unsigned (a signed `{}` would be a valid event of no type we handle, acknowledged).
        ['no content type', '{}', undefined],
        ['over the 64 KiB limit', JSON.stringify({ padding: 'x'.repeat(70 * 1024) }), 'application/json'],
      ];
      for (const [label, payload, type] of bodies) {
        // Signed with the right secret where it is text, so the body itself is what is refused.
        const signed = typeof payload === 'string' && type ? fake.sign(endpointId, payload) : 't=1,v1=00';
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'stripe-signature': signed, ...(type ? { 'content-type': type } : {}) },
        });
        expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        const body = res.json();
        expect(body.code, label).toBe(label.startsWith('over the') ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
        expect(body.message, label).toBe(
          body.code === 'BAD_REQUEST' ? nl.paymentWebhook.badSignature : nl.errors.payloadTooLarge,
        );
      }
    });

    it('works over a real socket, the way the provider delivers', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const pi = await hold('2026-12-04', '14:00');
      fake.startRedirect(pi, 'ideal');
      fake.bankSucceeds(pi);
      const res = await fake.sendEvent(
        endpointId,
        'payment_intent.succeeded',
        pi,
        `http://127.0.0.1:${port}`,
      );
      expect(res).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
      expect(await rowOf(pi)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    });
  });
});

describe.each(dbKinds())('payment webhook secrets in the logs on %s', (kind) => {
  it('never logs the endpoint secret, the secret key or a delivery’s signature, at the most talkative level', async () => {
    const lines: string[] = [];
    const fake = await startFakeStripe();
    const t = await createTestApp(kind, {
      now: () => NOW,
      logStream: { write: (line) => void lines.push(line) },
      env: { LOG_LEVEL: 'trace', APP_URL, STRIPE_API_BASE: fake.url },
    });
    try {
      const paid = await paidEventOwner(t, fake);
      const [endpoint] = fake.webhookEndpoints(paid.secretKey);
      const firstSecret = fake.endpointSecret(endpoint!.id);
      const flow = paidFlow(t, paid.event.id);
      const pi = intentIdOf((await flow.hold('2026-12-02', '10:00')).json().clientSecret);
      fake.startRedirect(pi, 'ideal');
      fake.bankSucceeds(pi);
      const d = fake.webhookEvent(endpoint!.id, 'payment_intent.succeeded', pi);
      const url = new URL(d.url).pathname;
      expect(
        (await t.app.inject({ method: 'POST', url, headers: d.headers, payload: d.payload })).statusCode,
      ).toBe(200);
      const tampered = { ...d.headers, 'stripe-signature': `${d.headers['stripe-signature']}0` };
      expect(
        (await t.app.inject({ method: 'POST', url, headers: tampered, payload: d.payload })).statusCode,
      ).toBe(400);
      // Saving again replaces (and deletes) the endpoint: the replacement is logged-about too.
      await paid.owner.patch('/api/user/settings', { stripeSecretKey: paid.secretKey });
      const log = lines.join('\n');
      expect(log).toContain('/api/payments/webhook/'); // the requests were logged
      for (const secret of [
        firstSecret,
        fake.endpointSecret(fake.webhookEndpoints(paid.secretKey)[0]!.id),
        paid.secretKey,
        d.headers['stripe-signature']!.split('v1=')[1]!,
      ])
        expect(log).not.toContain(secret);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

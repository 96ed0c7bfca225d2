import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForm, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createStripeGateway, PaymentProviderError, WEBHOOK_EVENTS } from './stripe-gateway';

/** The real SDK against the fake provider: wire format, errors and idempotency as the app relies on them. */
describe('card-payment gateway (Stripe SDK) against the fake provider', () => {
  let fake: FakeStripe;
  let gateway: ReturnType<typeof createStripeGateway>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    gateway = createStripeGateway({ apiBase: fake.url });
  });
  afterAll(() => fake.close());

  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentProviderError);
    return (err as PaymentProviderError).kind;
  };

  it('reads nested form fields the way the SDK sends them', () => {
    expect(
      parseForm(
        'amount=2500&metadata[eventId]=e1&metadata%5BbookingTime%5D=10%3A00&automatic_payment_methods[enabled]=true',
      ),
    ).toEqual({
      amount: '2500',
      metadata: { eventId: 'e1', bookingTime: '10:00' },
      automatic_payment_methods: { enabled: 'true' },
    });
  });

  it('creates, reads and cancels intents; one idempotency key has one effect', async () => {
    const account = gateway.account(fake.newAccount());
    const params = { amount: 2500, currency: 'eur', metadata: { eventId: 'e1', bookingTime: '10:00' } };
    const first = await account.createIntent(params, 'hold-1');
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amount: 2500,
      currency: 'eur',
      metadata: params.metadata,
    });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect((await account.createIntent(params, 'hold-1')).id).toBe(first.id);
    expect(await failure(account.createIntent({ ...params, amount: 3000 }, 'hold-1'))).toBe('refused');
    expect((await account.retrieveIntent(first.id)).status).toBe('requires_payment_method');
    expect((await account.cancelIntent(first.id, 'cancel-1')).status).toBe('canceled');
    expect((await account.cancelIntent(first.id, 'cancel-1')).status).toBe('canceled'); // replayed
    expect(await failure(account.cancelIntent(first.id, 'cancel-2'))).toBe('refused');
  });

  it('refunds exactly once per key and refuses a second refund of the same payment', async () => {
    const key = fake.newAccount();
    const account = gateway.account(key);
    const pi = await account.createIntent({ amount: 1000, currency: 'eur', metadata: {} }, 'hold-2');
    expect(await failure(account.refund(pi.id, `refund-${pi.id}`))).toBe('refused'); // nothing paid yet
    fake.setStatus(pi.id, 'succeeded');
    const refund = await account.refund(pi.id, `refund-${pi.id}-b`);
    expect((await account.refund(pi.id, `refund-${pi.id}-b`)).id).toBe(refund.id);
    expect(await failure(account.refund(pi.id, 'another-key'))).toBe('refused');
    expect(fake.refundCount(pi.id)).toBe(1);
  });

  it('tells a wrong key and an unknown intent apart', async () => {
    expect(await failure(gateway.account('sk_test_onbekend').retrieveIntent('pi_x'))).toBe('auth');
    const account = gateway.account(fake.newAccount());
    expect(await failure(account.retrieveIntent('pi_bestaatniet'))).toBe('not_found');
    const other = await gateway
      .account(fake.newAccount())
      .createIntent({ amount: 1000, currency: 'eur', metadata: {} }, 'k');
    expect(await failure(account.retrieveIntent(other.id))).toBe('not_found'); // another owner's account
    expect(
      await failure(
        createStripeGateway({ apiBase: 'http://127.0.0.1:9' }).account('sk_test_x').retrieveIntent('pi_x'),
      ),
    ).toBe('unavailable');
  });

  it('makes and deletes webhook endpoints, each with its own signing secret', async () => {
    const key = fake.newAccount();
    const account = gateway.account(key);
    const endpoint = await account.createWebhookEndpoint(
      'https://afspraken.example.nl/api/payments/webhook/x',
    );
    expect(endpoint.secret).toBe(fake.endpointSecret(endpoint.id));
    expect(fake.webhookEndpoints(key)).toMatchObject([
      {
        id: endpoint.id,
        enabled_events: [...WEBHOOK_EVENTS],
        url: 'https://afspraken.example.nl/api/payments/webhook/x',
      },
    ]);
    expect(fake.webhookEndpoints(key)[0]).not.toHaveProperty('secret'); // given at creation only
    expect(await failure(gateway.account(fake.newAccount()).deleteWebhookEndpoint(endpoint.id))).toBe(
      'not_found',
    );
    await account.deleteWebhookEndpoint(endpoint.id);
    expect(fake.webhookEndpoints(key)).toEqual([]);
    expect(await failure(account.deleteWebhookEndpoint(endpoint.id))).toBe('not_found');
  });

  it('verifies signatures the way Stripe makes them, and the fake signs exactly so', async () => {
    const key = fake.newAccount();
    const { id, secret } = await gateway
      .account(key)
      .createWebhookEndpoint('https://afspraken.example.nl/hook');
    const intent = fake.createIntent(key, { amount: 2500, currency: 'eur', metadata: {} });
    const delivery = fake.webhookEvent(id, 'payment_intent.succeeded', intent.id, {
      timestamp: 1_790_000_000,
    });
    // Stripe's own SDK, as an independent oracle of the scheme.
    expect(delivery.headers['stripe-signature']).toBe(
      Stripe.webhooks.generateTestHeaderString({
        payload: delivery.payload,
        secret,
        timestamp: 1_790_000_000,
      }),
    );
    const signedAt = new Date(1_790_000_000 * 1000);
    const verify = (body: string, header: string, s = secret, at = signedAt) =>
      gateway.verifyWebhook(Buffer.from(body), header, s, at);
    const header = delivery.headers['stripe-signature']!;
    expect(verify(delivery.payload, header)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      objectType: 'payment_intent',
      objectId: intent.id,
    });
    expect(verify(delivery.payload, header, secret, new Date(signedAt.getTime() + 300_000))).not.toBeNull();
    expect(verify(delivery.payload, header, secret, new Date(signedAt.getTime() + 301_000))).toBeNull();
    expect(verify(delivery.payload, header, 'whsec_ander')).toBeNull();
    expect(verify(`${delivery.payload} `, header)).toBeNull();
    expect(verify(delivery.payload, '')).toBeNull();
    expect(verify('niet json', fake.sign(id, 'niet json', 1_790_000_000))).toBeNull();
  });
});

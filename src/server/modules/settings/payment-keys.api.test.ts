import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { eventPayload, owner } from '../../test/fixtures';
import { PUBLIC_KEY, paidAnswers, paidEventOwner, paidFlow } from '../../test/paid-events';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const m = nl.paymentKeys;
// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');

describe.each(dbKinds())('payment keys checked with the provider on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: () => NOW, env: { STRIPE_API_BASE: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stored = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const publicEvent = async (slug: string) => (await agent(t.app).get(`/api/public/events/${slug}`)).json();

  it('stores keys the provider accepts, and says the owner can take payments', async () => {
    const a = await owner(t);
    expect((await a.get('/api/user')).json().paymentKeysStatus).toBe('missing');
    const res = await a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: fake.newAccount(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stripeSecretKeySet: true, paymentKeysStatus: 'ok' });
    expect(fake.requests().some((r) => r.method === 'GET' && r.path === '/v1/account')).toBe(true);
  });

  it('refuses keys that are not Stripe keys, with a Dutch message per field, and stores nothing', async () => {
    const a = await owner(t);
    const secret = await a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: 'abc123',
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.json()).toMatchObject({
      code: 'VALIDATION',
      message: m.secretPrefix,
      fields: { stripeSecretKey: m.secretPrefix },
    });
    const publicKey = await a.patch('/api/user/settings', { stripePublicKey: 'abc123' });
    expect(publicKey.statusCode).toBe(400);
    expect(publicKey.json()).toMatchObject({
      message: m.publicPrefix,
      fields: { stripePublicKey: m.publicPrefix },
    });
    const row = await stored(a.id);
    expect([row.stripePublicKey, row.stripeSecretKey]).toEqual([null, null]);
  });

  it('refuses a secret key the provider does not accept', async () => {
    const a = await owner(t);
    const res = await a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: 'sk_test_ingetrokken0000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: m.secretRefused,
      fields: { stripeSecretKey: m.secretRefused },
    });
    expect((await stored(a.id)).stripeSecretKey).toBeNull();
  });

  it('refuses a publishable and a secret key of different modes (test and live)', async () => {
    const a = await owner(t);
    const secretKey = fake.newAccount(); // sk_test_…
    const res = await a.patch('/api/user/settings', {
      stripePublicKey: 'pk_live_afspraak',
      stripeSecretKey: secretKey,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: m.modeMismatch,
      fields: { stripePublicKey: m.modeMismatch },
    });
    // Against a stored secret key too, when only the publishable key changes.
    expect(
      (await a.patch('/api/user/settings', { stripePublicKey: PUBLIC_KEY, stripeSecretKey: secretKey }))
        .statusCode,
    ).toBe(200);
    const live = await a.patch('/api/user/settings', {
      stripePublicKey: 'pk_live_afspraak',
      stripeSecretKey: '',
    });
    expect(live.statusCode).toBe(400);
    expect(live.json().message).toBe(m.modeMismatch);
    expect((await stored(a.id)).stripePublicKey).toBe(PUBLIC_KEY);
  });

  it('a revoked key makes paid services unbookable until the owner saves working keys again', async () => {
    const paid = await paidEventOwner(t, fake);
    const free = (
      await paid.owner.post('/api/events', eventPayload({ title: 'Gratis kennismaking' }))
    ).json();
    expect((await publicEvent(paid.event.slug)).paymentsUnavailable).toBe(false);

    fake.revoke(paid.secretKey);
    const hold = await paidFlow(t, paid.event.id).hold('2026-12-02', '10:00');
    expect(hold.statusCode).toBe(409);
    expect(hold.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE', message: nl.bookingUnavailable.title });
    expect((await stored(paid.owner.id)).paymentKeysBrokenAt).toEqual(NOW);
    expect((await paid.owner.get('/api/user')).json().paymentKeysStatus).toBe('broken');
    expect((await publicEvent(paid.event.slug)).paymentsUnavailable).toBe(true);
    expect((await publicEvent(free.slug)).paymentsUnavailable).toBe(false);
    // Refused at once now, without asking the provider again.
    const before = fake.requests().length;
    expect((await paidFlow(t, paid.event.id).hold('2026-12-02', '11:00')).json().code).toBe(
      'PAYMENTS_UNAVAILABLE',
    );
    expect(fake.requests().length).toBe(before);

    // Saving the refused key again is refused too; a new key repairs it.
    const again = await paid.owner.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: '',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.secretRefused);
    const fixed = await paid.owner.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: fake.newAccount(),
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().paymentKeysStatus).toBe('ok');
    expect((await stored(paid.owner.id)).paymentKeysBrokenAt).toBeNull();
    expect((await publicEvent(paid.event.slug)).paymentsUnavailable).toBe(false);
    expect((await paidFlow(t, paid.event.id).hold('2026-12-02', '10:00')).statusCode).toBe(201);
  });

  it('the reconciliation marks the keys broken when Stripe refuses the stored key', async () => {
    const paid = await paidEventOwner(t, fake);
    expect((await paidFlow(t, paid.event.id).hold('2026-12-03', '10:00')).statusCode).toBe(201);
    fake.revoke(paid.secretKey);
    await t.app.services.payments.reconcilePayments(NOW);
    expect((await stored(paid.owner.id)).paymentKeysBrokenAt).toEqual(NOW);
    expect((await publicEvent(paid.event.slug)).paymentsUnavailable).toBe(true);
  });

  it('a paid service of an owner without keys cannot be booked; a secret key alone is not enough', async () => {
    const a = await owner(t);
    const event = (
      await a.post('/api/events', eventPayload({ requiresPayment: true, paymentAmount: '65,00' }))
    ).json();
    expect(event.paymentAmount).toBe('65.00');
    expect((await publicEvent(event.slug)).paymentsUnavailable).toBe(true);
    const saved = await a.patch('/api/user/settings', { stripeSecretKey: fake.newAccount() });
    expect(saved.json().paymentKeysStatus).toBe('missing');
    expect((await publicEvent(event.slug)).paymentsUnavailable).toBe(true);
    expect((await paidFlow(t, event.id).hold('2026-12-02', '10:00')).json().code).toBe(
      'PAYMENTS_UNAVAILABLE',
    );
    // Nor booked without paying (the path of a customer a deposit is not asked of).
    const unpaid = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
      customFieldResponses: paidAnswers(),
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      message: nl.bookingUnavailable.title,
    });
  });
});

describe.each(dbKinds())('payment keys while the provider cannot be reached on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A closed port: every call to the provider fails to connect.
    const fake = await startFakeStripe();
    const url = fake.url;
    await fake.close();
    t = await createTestApp(kind, { now: () => NOW, env: { STRIPE_API_BASE: url } });
  });
  afterAll(() => t.close());

  it('answers a Dutch 422 that the keys could not be checked, and stores nothing', async () => {
    const a = await owner(t);
    const res = await a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: 'sk_test_onbereikbaar',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: m.unverifiable });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect([row!.stripePublicKey, row!.stripeSecretKey]).toEqual([null, null]);
  });
});

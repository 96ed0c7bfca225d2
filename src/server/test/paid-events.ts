import type { CreateEventBody, EventDto } from '@contracts/events';
import type { DbKind } from './databases';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { eventPayload, owner } from './fixtures';
import { agent, createTestApp, type TestApp } from './test-app';

export const PUBLIC_KEY = 'pk_test_afspraak';
export const paidAnswers = (overrides: Record<string, string> = {}) => ({
  Naam: 'Sanne de Vries',
  'E-mail': 'sanne@example.nl',
  Telefoon: '+31612345678',
  ...overrides,
});

/** An owner with their own account on the fake provider (keys set through the settings API) and a paid event. */
export async function paidEventOwner(t: TestApp, fake: FakeStripe, overrides: Partial<CreateEventBody> = {}) {
  const a = await owner(t);
  const secretKey = fake.newAccount();
  const keys = await a.patch('/api/user/settings', {
    stripePublicKey: PUBLIC_KEY,
    stripeSecretKey: secretKey,
  });
  if (keys.statusCode !== 200) throw new Error(`settings failed: ${keys.body}`);
  const res = await a.post(
    '/api/events',
    eventPayload({ title: 'Knippen (betaald)', requiresPayment: true, paymentAmount: '25.00', ...overrides }),
  );
  if (res.statusCode !== 201) throw new Error(`event failed: ${res.body}`);
  return { owner: a, secretKey, event: res.json() as EventDto };
}

/** The public calls of the paid flow, each from its own visitor. */
export function paidFlow(t: TestApp, eventId: string) {
  return {
    hold: (bookingDate: string, bookingTime: string, extra: Record<string, unknown> = {}) =>
      agent(t.app).post('/api/create-payment-intent', {
        eventId,
        bookingDate,
        bookingTime,
        customFieldResponses: paidAnswers(),
        ...extra,
      }),
    confirm: (
      stripePaymentIntentId: string,
      bookingDate: string,
      bookingTime: string,
      extra: Record<string, unknown> = {},
    ) =>
      agent(t.app).post('/api/public/bookings', {
        eventId,
        bookingDate,
        bookingTime,
        customFieldResponses: paidAnswers(),
        stripePaymentIntentId,
        ...extra,
      }),
    takenTimes: async (date: string) =>
      (
        (await agent(t.app).get(`/api/public/events/${eventId}/bookings/${date}`)).json() as {
          bookingTime: string;
        }[]
      ).map((r) => r.bookingTime),
  };
}

/**
 * A test app wired to a fresh fake card API, with one paid event; `close` stops both. `env` adds to
 * the app's environment (e.g. an https APP_URL, which gives each owner a payment webhook endpoint).
 */
export async function startPaidApp(kind: DbKind, now: () => Date, env: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t = await createTestApp(kind, { now, env: { STRIPE_API_BASE: fake.url, ...env } });
  const paid = await paidEventOwner(t, fake);
  return {
    t,
    fake,
    paid,
    flow: paidFlow(t, paid.event.id),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

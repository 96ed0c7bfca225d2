import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EventDto } from '@contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate, testNow } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { startReceiver, type ReceivedHook } from '../../test/webhook-receiver';

/** A receiver's own check, written from the Standard Webhooks spec, not from our signing code (its clock: the suite's). */
function verify(secret: string, hook: ReceivedHook): boolean {
  const id = String(hook.headers['webhook-id']);
  const ts = String(hook.headers['webhook-timestamp']);
  if (Math.abs(testNow().getTime() / 1000 - Number(ts)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.split('_')[1]!, 'base64'))
    .update(`${id}.${ts}.${hook.body}`)
    .digest();
  return String(hook.headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig.startsWith('v1,') && timingSafeEqual(Buffer.from(sig.slice(3), 'base64'), expected));
}

/** Books the event's next date and waits until its webhook was tried once: its delivery row. */
async function bookAndAwaitFirstAttempt(t: TestApp, event: EventDto) {
  const created = await bookAs(t, event.id, nextBookableDate(event), '10:00');
  return eventually(
    async () =>
      (await notificationsOf(t, created.booking.id)).find((r) => r.channel === 'webhook' && r.attempts >= 1),
    15_000,
    'an attempt',
  );
}

async function eventWithHook(t: TestApp, url: string) {
  const { owner: o, event } = await notifyingEvent(t, {
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
    ],
  });
  const hook = (await o.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url })).json() as {
    id: string;
    secret: string;
  };
  return { owner: o, event, hook };
}

describe.each(dbKinds())('webhook delivery on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { workers: true }); // WEBHOOK_ALLOW_PRIVATE=1: the receiver is on loopback
  });
  afterAll(() => t.close());

  it('posts the signed spec payload with every custom field as its own property', async () => {
    const receiver = await startReceiver();
    try {
      const { event, hook } = await eventWithHook(t, receiver.url);
      const date = nextBookableDate(event);
      const created = await bookAs(t, event.id, date, '10:00', 'Jan Jansen', 'jan@example.nl');
      const [got] = await eventually(
        () => receiver.received.length > 0 && receiver.received,
        15_000,
        'the webhook',
      );
      expect(verify(hook.secret, got!)).toBe(true);
      expect(verify(`whsec_${Buffer.from('wrong').toString('base64')}`, got!)).toBe(false);
      expect(got!.headers['content-type']).toBe('application/json');
      const body = JSON.parse(got!.body);
      expect(body).toEqual({
        event_id: event.id,
        event_title: 'Knippen',
        event_description: 'Knippen en föhnen',
        booking_id: created.booking.id,
        customer_name: 'Jan Jansen',
        customer_email: 'jan@example.nl',
        customer_phone: '+31612345678',
        booking_date: date,
        booking_time: '10:00',
        // Absolute, with the owner's offset (winter +01:00, summer +02:00).
        startsAt: expect.stringMatching(new RegExp(`^${date}T10:00:00\\+0[12]:00$`)),
        endsAt: expect.stringMatching(new RegExp(`^${date}T10:30:00\\+0[12]:00$`)),
        status: 'confirmed',
        payment_status: 'not_required',
        type: 'booking.created',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        Naam: 'Jan Jansen',
        'E-mail': 'jan@example.nl',
        Telefoon: '+31612345678',
      });
    } finally {
      await receiver.stop();
    }
  });

  it('retries a failing receiver and delivers exactly once; the owner sees it', async () => {
    const receiver = await startReceiver([{ status: 500 }, { status: 503 }, { status: 200 }]);
    try {
      const { owner: o, event, hook } = await eventWithHook(t, receiver.url);
      const created = await bookAs(t, event.id, nextBookableDate(event), '10:00');
      const row = await eventually(
        async () =>
          (await notificationsOf(t, created.booking.id)).find(
            (r) => r.channel === 'webhook' && r.status === 'sent',
          ),
        30_000,
        'delivered',
      );
      expect(row.attempts).toBe(3);
      expect(row.responseStatus).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      expect(receiver.received).toHaveLength(3);
      // One delivery: the same id on every attempt, so a receiver can drop repeats.
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);

      const res = await o.get(`/api/webhooks/${hook.id}/deliveries`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({
          bookingId: created.booking.id,
          customerName: 'Jan Jansen',
          status: 'sent',
          attempts: 3,
          responseStatus: 200,
          lastError: null,
          nextAttemptAt: null,
        }),
      ]);
      const stranger = await owner(t);
      expect((await stranger.get(`/api/webhooks/${hook.id}/deliveries`)).statusCode).toBe(404);
    } finally {
      await receiver.stop();
    }
  });

  it('does not follow a redirect', async () => {
    const receiver = await startReceiver([{ status: 302, headers: { location: '/elders' } }]);
    try {
      const { event } = await eventWithHook(t, receiver.url);
      const row = await bookAndAwaitFirstAttempt(t, event);
      expect(row.responseStatus).toBe(302);
      expect(row.status).toBe('pending'); // a 302 is not a delivery: retried later
      expect(receiver.received.every((r) => r.path === '/hook')).toBe(true);
    } finally {
      await receiver.stop();
    }
  });
});

describe('webhook targets on private addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { workers: true, env: { WEBHOOK_ALLOW_PRIVATE: '0' } });
  });
  afterAll(() => t.close());

  it.each([
    ['a loopback address', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['a name that resolves to loopback', (port: number) => `http://localhost:${port}/hook`],
  ])('refuses %s by default', async (_label, urlOf) => {
    const receiver = await startReceiver();
    try {
      const { event } = await eventWithHook(t, urlOf(receiver.port));
      const row = await bookAndAwaitFirstAttempt(t, event);
      expect(row.lastError).toMatch(/niet toegestaan/);
      expect(row.responseStatus).toBeNull();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.stop();
    }
  });
});

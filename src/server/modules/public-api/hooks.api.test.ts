import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedApiKey } from '@contracts/api-keys';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import type { PublicCreatedHook, PublicHook } from '@contracts/public-api';
import { activityLog, eventWebhooks } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { bookAs, everyDay, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { nextBookableDate, testNow, upcomingRange } from '../../test/test-today';
import { v1Client } from '../../test/v1-client';
import { eventually } from '../../test/wait';
import { startReceiver, type ReceivedHook } from '../../test/webhook-receiver';

const fields = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
  { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
];

/**
 * A receiver's check with the Standard Webhooks library itself, on the receiver's clock: the
 * suite's (TEST_TODAY may fix it away from the machine's, and the library reads Date.now()).
 */
function verifyWithLibrary(secret: string, hook: ReceivedHook): unknown {
  vi.useFakeTimers({ now: testNow(), toFake: ['Date'] });
  try {
    return new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

describe.each(dbKinds())('REST hooks of the public API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { workers: true }); // WEBHOOK_ALLOW_PRIVATE=1: the receiver is on loopback
  });
  afterAll(() => t.close());

  const makeKey = async (a: Agent, name: string, access: 'read' | 'read-write') =>
    (await a.post('/api/api-keys', { name, access })).json() as CreatedApiKey;

  it('delivers booking.created of every service to a subscribed hook, verifiable with its secret', async () => {
    const receiver = await startReceiver();
    try {
      const { owner: a, event } = await notifyingEvent(t, { customFields: fields });
      const other = (
        await a.post(
          '/api/events',
          eventPayload({
            title: 'Verven',
            workingDays: everyDay,
            dailyPauseTimes: {},
            ...upcomingRange(60),
            customFields: fields,
          }),
        )
      ).json() as EventDto;
      const key = await makeKey(a, 'Zapier', 'read-write');
      const api = v1Client(t);

      const res = await api.post('/hooks', {
        key: key.key,
        body: { url: receiver.url, events: ['booking.created', 'booking.created'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const hook = res.json() as PublicCreatedHook;
      expect(hook).toMatchObject({ url: receiver.url, events: ['booking.created'] });
      expect(hook.secret).toMatch(/^whsec_/);
      expect(hook.createdAt).toMatch(/[+-]\d\d:\d\d$/);
      // Stored sealed like every webhook secret, never as it is.
      const [row] = await t.database.db.select().from(eventWebhooks).where(eq(eventWebhooks.id, hook.id));
      expect(row).toMatchObject({ eventId: null, createdByApiKeyId: key.id, name: 'API-sleutel Zapier' });
      expect(row!.secret).not.toContain(hook.secret);

      // A hook listening to another event only gets nothing of a new booking.
      const cancelHook = (
        await api.post('/hooks', { key: key.key, body: { url: receiver.url, events: ['booking.cancelled'] } })
      ).json() as PublicCreatedHook;

      const first = await bookAs(t, event.id, nextBookableDate(event), '10:00');
      const second = await bookAs(
        t,
        other.id,
        nextBookableDate(other),
        '11:00',
        'Piet Pieters',
        'piet@example.nl',
      );
      const got = await eventually(
        () => receiver.received.length >= 2 && receiver.received,
        15_000,
        'both deliveries',
      );
      const bodies = got.map((h) => verifyWithLibrary(hook.secret, h) as Record<string, unknown>);
      expect(bodies.map((b) => [b.type, b.booking_id]).sort()).toEqual(
        [
          ['booking.created', first.booking.id],
          ['booking.created', second.booking.id],
        ].sort(),
      );
      expect(() => verifyWithLibrary(cancelHook.secret, got[0]!)).toThrow();
      // The delivery log of the booking is the same as for a service's webhook (settled just after the
      // receiver answered, so it is waited for).
      const logged = await eventually(async () => {
        const rows = await notificationsOf(t, first.booking.id);
        const hooks = rows.filter((r) => r.channel === 'webhook');
        return hooks.every((r) => r.status !== 'pending') && hooks;
      });
      expect(logged.map((r) => [r.webhookId, r.status])).toEqual([[hook.id, 'sent']]);

      // Listed without the secret, to any key of the business, read keys too.
      const reader = await makeKey(a, 'Rapport', 'read');
      const list = await api.get('/hooks', { key: reader.key });
      expect(list.statusCode).toBe(200);
      const listed = (list.json() as { data: PublicHook[] }).data;
      expect(new Set(listed.map((h) => h.id))).toEqual(new Set([hook.id, cancelHook.id]));
      expect(list.body).not.toContain('whsec_');

      const log = await t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, hook.id));
      expect(log.map((l) => [l.kind, l.actor, l.memberName])).toEqual([
        ['webhook.created', 'api_sleutel', 'API-sleutel Zapier'],
      ]);
    } finally {
      await receiver.stop();
    }
  });

  it('checks the URL and events like webhooks, refuses read keys, and keeps hooks with the business', async () => {
    const a = await owner(t, `hooks-${kind}`);
    const writer = await makeKey(a, 'Make', 'read-write');
    const reader = await makeKey(a, 'Lezer', 'read');
    const api = v1Client(t);
    const url = 'https://hooks.example.com/catch/1';

    const bad = async (body: unknown, message: string) => {
      const res = await api.post('/hooks', { key: writer.key, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    };
    await bad({ url: 'ftp://example.com/x', events: ['booking.created'] }, nl.eventRules.webhookUrlInvalid);
    await bad(
      { url: 'https://user:pw@example.com/x', events: ['booking.created'] },
      nl.eventRules.webhookUrlInvalid,
    );
    await bad({ events: ['booking.created'] }, nl.eventRules.webhookUrlRequired);
    await bad({ url, events: [] }, nl.webhooksUi.triggerRequired);
    await bad({ url, events: ['booking.deleted'] }, nl.webhooksUi.triggerInvalid);

    const readOnly = await api.post('/hooks', {
      key: reader.key,
      body: { url, events: ['booking.created'] },
    });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ code: 'FORBIDDEN', message: nl.apiKeys.readOnly });

    const made = (
      await api.post('/hooks', {
        key: writer.key,
        body: { url, events: ['booking.paid', 'booking.cancelled'] },
      })
    ).json() as PublicCreatedHook;
    expect((await api.delete(`/hooks/${made.id}`, { key: reader.key })).statusCode).toBe(403);

    // Revoking the key that made it leaves the hook with the business.
    expect((await a.delete(`/api/api-keys/${writer.id}`)).statusCode).toBe(204);
    const list = (await api.get('/hooks', { key: reader.key })).json() as { data: PublicHook[] };
    expect(list.data.map((h) => h.id)).toEqual([made.id]);

    // Another business's key cannot see or delete it.
    const b = await owner(t, `hooks-ander-${kind}`);
    const stranger = await makeKey(b, 'Vreemd', 'read-write');
    expect(((await api.get('/hooks', { key: stranger.key })).json() as { data: unknown[] }).data).toEqual([]);
    const foreign = await api.delete(`/hooks/${made.id}`, { key: stranger.key });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: nl.apiKeys.hookNotFound });

    // Any read-write key of the business may delete it.
    const second = await makeKey(a, 'Tweede', 'read-write');
    const gone = await api.delete(`/hooks/${made.id}`, { key: second.key });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(((await api.get('/hooks', { key: reader.key })).json() as { data: unknown[] }).data).toEqual([]);
    expect((await api.delete(`/hooks/${made.id}`, { key: second.key })).statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@core/permissions';
import { nl } from '@contracts/messages';
import { messagingConnections } from '../../db/schema';
import { createSecretBox, sha256 } from '../../lib/crypto';
import { dbKinds } from '../../test/databases';
import {
  startFakeMessageBird,
  startFakeTwilio,
  type FakeMessageBird,
  type FakeTwilio,
} from '../../test/fake-messaging';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/password';
import { membersRepo } from '../team/members.repo';

const m = nl.messaging;
const NOW = new Date('2026-12-01T08:00:00Z');
const APP_URL = 'https://afspraak.example.nl';

describe.each(dbKinds())('the owner’s SMS and WhatsApp provider on %s', (kind) => {
  let t: TestApp;
  let twilio: FakeTwilio;
  let bird: FakeMessageBird;
  beforeAll(async () => {
    [twilio, bird] = await Promise.all([startFakeTwilio(), startFakeMessageBird()]);
    t = await createTestApp(kind, {
      now: () => NOW,
      env: {
        APP_URL,
        TWILIO_API_BASE: twilio.url,
        MESSAGEBIRD_API_BASE: bird.url,
        // A fake that never answers must fail the call quickly.
        MESSAGING_TIMEOUT_MS: '400',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([twilio.close(), bird.close()]);
  });

  const box = () => createSecretBox(t.config.appSecret);
  const stored = async (ownerId: string) =>
    (
      await t.database.db.select().from(messagingConnections).where(eq(messagingConnections.ownerId, ownerId))
    )[0];

  /** An owner whose business is called Salon Anna, connected to Twilio. */
  async function twilioOwner() {
    const a = await owner(t);
    expect((await a.patch('/api/business-profile', { name: 'Salon Anna' })).statusCode).toBe(200);
    const keys = twilio.newAccount();
    const res = await a.put('/api/messaging', { provider: 'twilio', ...keys, sender: 'SalonAnna' });
    expect(res.statusCode, res.body).toBe(200);
    return Object.assign(a, { keys });
  }

  async function member(businessId: string, role: MemberRole) {
    const username = `sms-${role}-${Math.random().toString(36).slice(2, 8)}`;
    const row = await membersRepo.insert(t.database.db, {
      businessId,
      username,
      password: await hashPassword('geheim123'),
      name: username,
      role,
      createdAt: NOW,
    });
    expect(row).toBeDefined();
    const a = agent(t.app);
    expect((await a.post('/api/login', { username, password: 'geheim123' })).statusCode).toBe(200);
    return a;
  }

  it('saves Twilio keys the provider accepts: sealed, never answered, with a callback token', async () => {
    const a = await owner(t);
    expect((await a.get('/api/messaging')).json()).toEqual({
      provider: null,
      sender: null,
      whatsappSender: null,
      status: 'missing',
      replyUrl: null,
    });
    const keys = twilio.newAccount();
    const res = await a.put('/api/messaging', {
      provider: 'twilio',
      ...keys,
      sender: 'SalonAnna',
      whatsappSender: '06 12345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    const dto = {
      provider: 'twilio',
      sender: 'SalonAnna',
      whatsappSender: '+31612345678',
      status: 'ok',
      // Where the owner points the number's incoming messages, so a STOP reply reaches us.
      replyUrl: expect.stringMatching(/\/api\/messaging\/twilio\/inbound\/[A-Za-z0-9_-]{43}$/),
    };
    expect(res.json()).toEqual(dto);
    const read = await a.get('/api/messaging');
    expect(read.json()).toEqual(dto);
    for (const body of [res.body, read.body]) expect(body).not.toContain(keys.authToken);
    expect(twilio.requests()).toContainEqual({
      method: 'GET',
      path: `/2010-04-01/Accounts/${keys.accountSid}.json`,
    });

    const row = (await stored(a.id))!;
    expect(row.accountSid).toBe(keys.accountSid);
    expect(row.authToken).not.toContain(keys.authToken);
    expect(box().decrypt(row.authToken!)).toBe(keys.authToken);
    expect(row.accessKey).toBeNull();
    const token = box().decrypt(row.ownerToken);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.ownerTokenHash).toBe(sha256(token));
    expect(res.json<{ replyUrl: string }>().replyUrl).toBe(
      `${t.config.appUrl}/api/messaging/twilio/inbound/${token}`,
    );

    // A new save with the token left blank keeps the stored one (checked again) and the callback token.
    const again = await a.put('/api/messaging', {
      provider: 'twilio',
      accountSid: keys.accountSid,
      sender: '+3197010203040',
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = (await stored(a.id))!;
    expect(box().decrypt(after.authToken!)).toBe(keys.authToken);
    expect(after.ownerTokenHash).toBe(row.ownerTokenHash);
  });

  it('saves a MessageBird access key, the sender a number typed the Dutch way', async () => {
    const a = await owner(t);
    const { accessKey } = bird.newAccount();
    const res = await a.put('/api/messaging', { provider: 'messagebird', accessKey, sender: '06-1234 5678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      provider: 'messagebird',
      sender: '+31612345678',
      whatsappSender: null,
      status: 'ok',
      replyUrl: null,
    });
    expect(res.body).not.toContain(accessKey);
    expect(bird.requests()).toContainEqual({ method: 'GET', path: '/balance' });
    const row = (await stored(a.id))!;
    expect(row.accessKey).not.toContain(accessKey);
    expect(box().decrypt(row.accessKey!)).toBe(accessKey);
    expect([row.accountSid, row.authToken]).toEqual([null, null]);
  });

  it('refuses keys the provider does not accept with a Dutch 400, and stores nothing', async () => {
    const a = await owner(t);
    const { accountSid } = twilio.newAccount();
    const wrong = await a.put('/api/messaging', {
      provider: 'twilio',
      accountSid,
      authToken: 'fout0000000000000000000000000000',
      sender: 'SalonAnna',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      message: m.keysRefused.twilio,
      fields: { accountSid: m.keysRefused.twilio, authToken: m.keysRefused.twilio },
    });
    const bad = await a.put('/api/messaging', {
      provider: 'messagebird',
      accessKey: 'ingetrokken',
      sender: 'SalonAnna',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: m.keysRefused.messagebird,
      fields: { accessKey: m.keysRefused.messagebird },
    });
    // Keys the provider was never asked about: none given.
    const none = await a.put('/api/messaging', { provider: 'twilio', sender: 'SalonAnna' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: m.accountSidRequired,
      fields: { accountSid: m.accountSidRequired, authToken: m.authTokenRequired },
    });
    const sid = await a.put('/api/messaging', {
      provider: 'twilio',
      accountSid: 'AC123',
      authToken: 'x',
      sender: 'Salon',
    });
    expect(sid.json()).toMatchObject({ code: 'VALIDATION', fields: { accountSid: m.accountSidInvalid } });
    expect(await stored(a.id)).toBeUndefined();
  });

  it('answers a Dutch 502 while the provider fails, is busy or does not answer, and stores nothing', async () => {
    const a = await owner(t);
    const keys = twilio.newAccount();
    for (const mode of [500, 429, 'timeout'] as const) {
      twilio.failNext(mode);
      const res = await a.put('/api/messaging', { provider: 'twilio', ...keys, sender: 'SalonAnna' });
      expect(res.statusCode, `${mode}: ${res.body}`).toBe(502);
      expect(res.json()).toEqual({ code: 'MESSAGING_FAILED', message: m.unreachable.twilio });
    }
    bird.failNext(500);
    const { accessKey } = bird.newAccount();
    const res = await a.put('/api/messaging', { provider: 'messagebird', accessKey, sender: 'SalonAnna' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(m.unreachable.messagebird);
    expect(await stored(a.id)).toBeUndefined();
  });

  it('refuses a sender or WhatsApp number that cannot be one, with Dutch messages', async () => {
    const a = await owner(t);
    const keys = twilio.newAccount();
    for (const sender of ['Salon Anna Utrecht', '12345', '!!', '+31 12']) {
      const res = await a.put('/api/messaging', { provider: 'twilio', ...keys, sender });
      expect(res.statusCode, sender).toBe(400);
      expect(res.json(), sender).toMatchObject({ code: 'VALIDATION', fields: { sender: m.senderInvalid } });
    }
    const empty = await a.put('/api/messaging', { provider: 'twilio', ...keys, sender: ' ' });
    expect(empty.json().fields).toEqual({ sender: m.senderRequired });
    const whatsapp = await a.put('/api/messaging', {
      provider: 'twilio',
      ...keys,
      sender: 'Salon',
      whatsappSender: 'Salon',
    });
    expect(whatsapp.json().fields).toEqual({ whatsappSender: m.whatsappSenderInvalid });
    const { accessKey } = bird.newAccount();
    const birdWhatsapp = await a.put('/api/messaging', {
      provider: 'messagebird',
      accessKey,
      sender: 'Salon',
      whatsappSender: '+31612345678',
    });
    expect(birdWhatsapp.json()).toMatchObject({
      message: m.whatsappTwilioOnly,
      fields: { whatsappSender: m.whatsappTwilioOnly },
    });
    expect(await stored(a.id)).toBeUndefined();
  });

  it('sends a Twilio test message the fake records with the right To, From, Body and callback', async () => {
    const a = await twilioOwner();
    const res = await a.post('/api/messaging/test', { phone: '06 12345678' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, status: 'queued' });
    expect(body.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(body.message).toBe('Testbericht verstuurd naar 06 12345678 (status bij de aanbieder: queued).');
    const sent = twilio.messages().find((x) => x.id === body.providerId)!;
    const token = box().decrypt((await stored(a.id))!.ownerToken);
    expect(sent).toMatchObject({
      account: a.keys.accountSid,
      to: '+31612345678',
      from: 'SalonAnna',
      body: 'Dit is een testbericht van Salon Anna: uw sms-koppeling werkt.',
      statusUrl: `${APP_URL}/api/messaging/twilio/status/${token}`,
    });
  });

  it('sends a MessageBird test message with originator, recipient, reference and report address', async () => {
    const a = await owner(t);
    const { accessKey } = bird.newAccount();
    expect(
      (await a.put('/api/messaging', { provider: 'messagebird', accessKey, sender: 'Kapper' })).statusCode,
    ).toBe(200);
    const res = await a.post('/api/messaging/test', { phone: '+32 470 12 34 56' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 'sent' });
    const sent = bird.messages().find((x) => x.id === res.json().providerId)!;
    const token = box().decrypt((await stored(a.id))!.ownerToken);
    expect(sent).toMatchObject({
      account: accessKey,
      to: '+32470123456',
      from: 'Kapper',
      statusUrl: `${APP_URL}/api/messaging/messagebird/report/${token}`,
    });
    // No business profile name: the business's handle.
    expect(sent.body).toMatch(/^Dit is een testbericht van eigenaar\d+: uw sms-koppeling werkt\.$/);
    expect(sent.reference).toMatch(/^test-[0-9a-f-]{36}$/);
  });

  it('refuses a test number that is not a mobile number, and sends nothing', async () => {
    const a = await twilioOwner();
    const before = twilio.messages().length;
    for (const [phone, message] of [
      ['010 1234567', m.phoneNotMobile],
      ['+31 20 123 4567', m.phoneNotMobile],
      ['bel mij', m.phoneInvalid],
      ['123', m.phoneInvalid],
      ['', m.phoneRequired],
    ] as const) {
      const res = await a.post('/api/messaging/test', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toMatchObject({ code: 'VALIDATION', message, fields: { phone: message } });
    }
    expect(twilio.messages().length).toBe(before);
    const none = await (await owner(t)).post('/api/messaging/test', { phone: '0612345678' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'BAD_REQUEST', message: m.notConnected });
  });

  it('tells the provider’s refusals of a test message apart: unreachable 502, refused keys mark the connection broken', async () => {
    const a = await twilioOwner();
    twilio.failNext('timeout');
    const late = await a.post('/api/messaging/test', { phone: '0612345678' });
    expect(late.statusCode).toBe(502);
    expect(late.json()).toEqual({ code: 'MESSAGING_FAILED', message: m.sendUnreachable });

    twilio.revoke(a.keys.accountSid);
    const revoked = await a.post('/api/messaging/test', { phone: '0612345678' });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json()).toEqual({ code: 'BAD_REQUEST', message: m.keysBroken });
    expect((await a.get('/api/messaging')).json()).toMatchObject({ provider: 'twilio', status: 'broken' });
    expect((await stored(a.id))!.brokenAt).toEqual(NOW);

    // New keys repair it.
    const fresh = twilio.newAccount();
    const saved = await a.put('/api/messaging', { provider: 'twilio', ...fresh, sender: 'SalonAnna' });
    expect(saved.json().status).toBe('ok');
    expect((await stored(a.id))!.brokenAt).toBeNull();
  });

  it('disconnects: 204, the keys are gone, the status is missing', async () => {
    const a = await twilioOwner();
    const res = await a.delete('/api/messaging');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(a.id)).toBeUndefined();
    expect((await a.get('/api/messaging')).json()).toEqual({
      provider: null,
      sender: null,
      whatsappSender: null,
      status: 'missing',
      replyUrl: null,
    });
    expect((await a.delete('/api/messaging')).statusCode).toBe(204);
  });

  it('is the managers’ setting: a beheerder reads it, a medewerker is refused everything', async () => {
    const a = await twilioOwner();
    const beheerder = await member(a.id, 'beheerder');
    expect((await beheerder.get('/api/messaging')).json()).toMatchObject({
      provider: 'twilio',
      status: 'ok',
    });
    const medewerker = await member(a.id, 'medewerker');
    const forbidden = { code: 'FORBIDDEN', message: nl.errors.forbidden };
    for (const res of [
      await medewerker.get('/api/messaging'),
      await medewerker.put('/api/messaging', {
        provider: 'twilio',
        ...twilio.newAccount(),
        sender: 'Overname',
      }),
      await medewerker.post('/api/messaging/test', { phone: '0612345678' }),
      await medewerker.delete('/api/messaging'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await stored(a.id))!.sender).toBe('SalonAnna');
  });
});

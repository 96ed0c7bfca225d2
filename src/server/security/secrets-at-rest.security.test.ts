import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { members, users, eventWebhooks } from '../db/schema';
import { createSecretBox } from '../lib/crypto';
import { totpCode, totpStep } from '../lib/totp';
import { dbKinds } from '../test/databases';
import { startFakeGoogle, type FakeGoogle } from '../test/fake-google';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { eventPayload, owner } from '../test/fixtures';
import { connect } from '../test/google-app';
import { bookAs, everyDay, notifyingEvent } from '../test/notification-fixtures';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { agent, createTestApp, type Agent, type TestApp } from '../test/test-app';
import { nextBookableDate, upcomingRange } from '../test/test-today';
import { eventually, freePort } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';
import { databaseText } from './owner-fixtures';

const unique = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** Forms a secret could take in a log line or a row: as is, URL-encoded, base64url-encoded. */
const formsOf = (secret: string) => [
  ...new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64url')]),
];

describe.each(dbKinds())('secrets at rest and in logs on %s', (kind) => {
  const lines: string[] = [];
  /** Every plaintext secret the flows below handle, by name; none may be stored or logged. */
  const secrets = new Map<string, string>();
  let t: TestApp;
  let google: FakeGoogle;
  let stripe: FakeStripe;
  let systemSmtp: TestSmtp;
  let ownSmtp: TestSmtp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const smtpUser = 'eigen-smtp';
  const smtpPassword = unique('SmtpWachtwoord-');

  const googleClientSecret = unique('google-client-secret-');

  beforeAll(async () => {
    google = await startFakeGoogle({ clientSecret: googleClientSecret });
    stripe = await startFakeStripe();
    systemSmtp = await startSmtp();
    ownSmtp = await startSmtp({ user: smtpUser, pass: smtpPassword });
    receiver = await startReceiver();
    const port = await freePort();
    t = await createTestApp(kind, {
      workers: true,
      // The most talkative level the app accepts: whatever it logs, secrets must not be in it.
      logStream: { write: (line) => void lines.push(line) },
      env: {
        LOG_LEVEL: 'trace',
        APP_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: systemSmtp.url,
        MAIL_FROM: 'Afspraken <noreply@afspraken.test>',
        // The owner's own SMTP server is on loopback.
        OUTBOUND_ALLOW_PRIVATE: '1',
        STRIPE_API_BASE: stripe.url,
        GOOGLE_CLIENT_ID: 'fake-client-id',
        GOOGLE_CLIENT_SECRET: googleClientSecret,
        GOOGLE_OAUTH_BASE: google.url,
        GOOGLE_API_BASE: google.url,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    secrets.set('APP_SECRET', t.config.appSecret);
    secrets.set('GOOGLE_CLIENT_SECRET', t.config.google.clientSecret!);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([google.stop(), stripe.close(), systemSmtp.stop(), ownSmtp.stop(), receiver.stop()]);
  });

  const box = () => createSecretBox(t.config.appSecret);
  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** What the owner's settings screens read. */
  const settingsAnswers = async (a: Agent) =>
    [(await a.get('/api/user')).body, (await a.get('/api/email-settings')).body].join('\n');

  it('keeps passwords only as argon2id hashes, and session ids only as hashes', async () => {
    const password = unique('Wachtwoord-');
    const newPassword = unique('NieuwWachtwoord-');
    const wrong = unique('FoutWachtwoord-');
    secrets.set('password', password).set('new password', newPassword).set('wrong password', wrong);
    const a = agent(t.app);
    expect(
      (
        await a.post('/api/register', {
          username: 'geheimhouder',
          password,
          email: 'geheimhouder@example.nl',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await agent(t.app).post('/api/login', { username: 'geheimhouder', password: wrong })).statusCode,
    ).toBe(401);
    expect((await a.patch('/api/user/password', { currentPassword: wrong, newPassword })).statusCode).toBe(
      400,
    );
    expect((await a.patch('/api/user/password', { currentPassword: password, newPassword })).statusCode).toBe(
      200,
    );
    // A validation failure echoes nothing of what was typed.
    const tooLong = await agent(t.app).post('/api/register', {
      username: 'x',
      password: `${wrong}${'x'.repeat(300)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).not.toContain(wrong);
    expect(
      (await agent(t.app).post('/api/login', { username: 'geheimhouder', password: newPassword })).statusCode,
    ).toBe(200);
    const session = decodeURIComponent(a.cookie!.split('=')[1]!);
    secrets.set('session id', session.slice(0, session.lastIndexOf('.')));
    const memberId = (await a.get('/api/user')).json().id as string;
    const [member] = await t.database.db.select().from(members).where(eq(members.id, memberId));
    expect(JSON.stringify(member)).toMatch(/"password":"\$argon2id\$/);
  });

  it('stores the card secret key encrypted and never answers it', async () => {
    const a = await owner(t);
    const secretKey = stripe.newAccount();
    secrets.set('stripe secret key', secretKey);
    const saved = await a.patch('/api/user/settings', {
      stripePublicKey: 'pk_test_afspraak',
      stripeSecretKey: secretKey,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ stripeSecretKeySet: true });
    expect(saved.body).not.toContain(secretKey);
    const row = await userRow(a.id);
    expect(row.stripeSecretKey).toMatch(/^v1\./);
    expect(box().decrypt(row.stripeSecretKey!)).toBe(secretKey);
    expect(await settingsAnswers(a)).not.toContain(secretKey);

    // Use the key (decrypted per call) so its path through the app is covered too.
    const event = (
      await a.post(
        '/api/events',
        eventPayload({
          title: 'Betaald',
          requiresPayment: true,
          paymentAmount: '25.00',
          workingDays: everyDay,
          dailyPauseTimes: {},
          ...upcomingRange(30),
        }),
      )
    ).json() as EventDto;
    const hold = await agent(t.app).post('/api/create-payment-intent', {
      eventId: event.id,
      bookingDate: nextBookableDate(event),
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Betaler', 'E-mail': 'betaler@example.nl' },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    secrets.set('paid management token', hold.json().managementToken);
  });

  it('stores the SMTP password encrypted, answers only that one is set, and uses it', async () => {
    const a = await owner(t);
    await a.patch('/api/user/profile', { email: 'smtp-eigenaar@example.nl' });
    secrets.set('smtp password', smtpPassword);
    const saved = await a.post('/api/email-settings', {
      provider: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: ownSmtp.port,
        username: smtpUser,
        password: smtpPassword,
        secure: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().smtp).toMatchObject({ password: '', passwordSet: true });
    const row = await userRow(a.id);
    expect(row.smtpPassword).toMatch(/^v1\./);
    expect(box().decrypt(row.smtpPassword!)).toBe(smtpPassword);
    expect(await settingsAnswers(a)).not.toContain(smtpPassword);
    const sent = await a.post('/api/email-settings/test');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ownSmtp.received).toHaveLength(1);

    // A refused login at the owner's server: the error is shown and logged, the password is not.
    const wrongSmtp = unique('FoutSmtp-');
    secrets.set('wrong smtp password', wrongSmtp);
    await a.post('/api/email-settings', {
      provider: 'smtp',
      smtp: { host: '127.0.0.1', port: ownSmtp.port, username: smtpUser, password: wrongSmtp, secure: false },
    });
    const failed = await a.post('/api/email-settings/test');
    expect(failed.statusCode).toBe(422);
    expect(failed.body).not.toContain(wrongSmtp);
  });

  it('stores webhook secrets encrypted; only their owner sees them, and deliveries carry a signature only', async () => {
    const { owner: a, event } = await notifyingEvent(t);
    const created = await a.post(`/api/events/${event.id}/webhooks`, {
      name: 'Ontvanger',
      url: receiver.url,
    });
    expect(created.statusCode).toBe(201);
    const secret = created.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    secrets.set('webhook secret', secret);
    const [row] = await t.database.db
      .select()
      .from(eventWebhooks)
      .where(eq(eventWebhooks.id, created.json().id));
    expect(row!.secret).toMatch(/^v1\./);
    expect(box().decrypt(row!.secret)).toBe(secret);

    const booked = await bookAs(
      t,
      event.id,
      nextBookableDate(event),
      '11:00',
      'Webhook Klant',
      'webhook.klant@example.nl',
    );
    secrets.set('management token', booked.managementToken);
    const hook = await eventually(() => receiver.received[0], 15_000, 'the webhook');
    expect(hook.headers['webhook-signature']).toMatch(/^v1,/);
    for (const form of formsOf(secret)) expect(JSON.stringify(hook)).not.toContain(form);
    expect(hook.body).not.toContain(booked.managementToken);
    // The customer's confirmation went out by the system SMTP server with the link: it is the one place the token goes.
    const mail = await eventually(
      () => systemSmtp.received.find((m) => m.envelope.to.includes('webhook.klant@example.nl')),
      15_000,
      'the confirmation',
    );
    expect(mail.raw).toContain(booked.managementToken);
  });

  it('stores Google and Gmail grants encrypted and never answers them', async () => {
    const { owner: a, event } = await notifyingEvent(t);
    google.setAccountEmail('geheim@gmail.test');
    expect(await connect(a, 'google')).toBe('/settings?success=google_connected');
    expect(await connect(a, 'gmail')).toBe('/settings?success=gmail_connected');
    const row = await userRow(a.id);
    for (const [name, value] of Object.entries({
      googleAccess: row.googleAccessToken,
      googleRefresh: row.googleRefreshToken,
      gmailAccess: row.gmailAccessToken,
      gmailRefresh: row.gmailRefreshToken,
    })) {
      expect(value, name).toMatch(/^v1\./);
      const plain = box().decrypt(value!);
      expect(plain.length).toBeGreaterThan(10);
      secrets.set(`${name} token`, plain);
    }
    const answers = await settingsAnswers(a);
    for (const [name, plain] of secrets)
      if (name.endsWith(' token') && name.startsWith('g')) expect(answers).not.toContain(plain);

    // Use the grants: a booking pushed to the calendar, a channel opened, a mail sent through Gmail.
    await bookAs(t, event.id, nextBookableDate(event), '12:00', 'Agenda Klant', 'agenda.klant@example.nl');
    const channel = await eventually(
      () => google.channels().find((c) => c.token && c.accountEmail === 'geheim@gmail.test'),
      15_000,
      'a watch channel',
    );
    secrets.set('channel token', channel.token!);
    await eventually(() => google.events('primary').length > 0, 15_000, 'the pushed booking');
    expect((await a.post('/api/email-settings', { provider: 'gmail' })).statusCode).toBe(200);
    await a.patch('/api/user/profile', { email: 'gmail-eigenaar@example.nl' });
    const sent = await a.post('/api/email-settings/test');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(google.sentMail().length).toBeGreaterThan(0);

    // Disconnecting revokes at Google (the token travels there) and forgets the grant here.
    expect((await a.post('/api/google/disconnect')).statusCode).toBe(200);
    for (const r of google.revokedTokens()) secrets.set(`revoked ${r.token.slice(0, 6)}`, r.token);
    expect((await userRow(a.id)).googleAccessToken).toBeNull();
  });

  it('keeps the calendar feed token as a hash and a sealed copy; its polls are logged without it', async () => {
    const a = await owner(t);
    const { url } = (await a.post('/api/calendar-feed', { replace: false })).json() as { url: string };
    const token = /\/feed\/([^/]+)\.ics$/.exec(url)![1]!;
    secrets.set('calendar feed token', token);
    const row = await userRow((await a.get('/api/user')).json().id);
    expect(row.calendarFeedToken).toMatch(/^v1\./);
    expect(box().decrypt(row.calendarFeedToken!)).toBe(token);
    // A calendar app's poll: the request line is logged with the token redacted.
    expect((await agent(t.app).get(new URL(url).pathname)).statusCode).toBe(200);
    expect((await a.get('/api/calendar-feed')).json()).toEqual({ url });
  });

  it('stores the two-step secret sealed and the recovery codes as hashes; only setup answers the secret', async () => {
    const a = await owner(t);
    const setup = await a.post('/api/user/2fa/setup');
    const { secret } = setup.json() as { secret: string };
    secrets.set('totp secret', secret);
    const code = totpCode(secret, totpStep(t.app.services.clock()));
    const enable = await a.post('/api/user/2fa/enable', { code });
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    recoveryCodes.forEach((c, i) => {
      secrets.set(`recovery code ${i}`, c);
      secrets.set(`recovery code ${i} as compared`, c.replace('-', ''));
    });
    const [member] = await t.database.db.select().from(members).where(eq(members.id, a.id));
    expect(member!.totpSecret).toMatch(/^v1\./);
    expect(box().decrypt(member!.totpSecret!)).toBe(secret);
    expect((await a.get('/api/user')).body).not.toContain(secret);
    // A sign-in with a recovery code logs and stores nothing of it.
    const b = agent(t.app);
    expect(
      (await b.post('/api/login', { username: member!.username, password: 'geheim123' })).json(),
    ).toEqual({
      twoFactorRequired: true,
    });
    const signedIn = await b.post('/api/login/2fa', { code: recoveryCodes[0] });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.body).not.toContain(secret);
  });

  it('has none of those secrets anywhere in the database, in any form', async () => {
    expect(secrets.size).toBeGreaterThanOrEqual(15);
    const stored = await databaseText(t.database);
    expect(stored.length).toBeGreaterThan(1000);
    for (const [name, secret] of secrets)
      for (const form of formsOf(secret)) expect(stored.includes(form), `${name} stored`).toBe(false);
  });

  it('has none of those secrets in any log line, at the most detailed level', async () => {
    await new Promise((r) => setTimeout(r, 500)); // let the last job logs arrive
    const log = lines.join('');
    // The capture works and is detailed: requests (with redacted manage paths) and job activity are in it.
    expect(lines.length).toBeGreaterThan(50);
    expect(log).toContain('/api/email-settings/test');
    expect(log).toContain('/api/public/bookings');
    for (const [name, secret] of secrets)
      for (const form of formsOf(secret)) expect(log.includes(form), `${name} logged`).toBe(false);
  });
});

describe.each(dbKinds())('mail logged instead of sent (no SMTP_URL) on %s', (kind) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      workers: true,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('logs the e-mail without the management token of its link', async () => {
    const { event } = await notifyingEvent(t);
    const booked = await bookAs(
      t,
      event.id,
      nextBookableDate(event),
      '10:00',
      'Log Klant',
      'log.klant@example.nl',
    );
    const logged = await eventually(
      // The customer's confirmation (the owner's notice names the customer's address too).
      () =>
        lines.find(
          (l) =>
            l.includes('log.klant@example.nl') && l.includes('e-mail logged') && l.includes('Bevestiging'),
        ),
      15_000,
      'the logged confirmation',
    );
    expect(logged).toContain('/booking/manage/[redacted]');
    expect(lines.join('')).not.toContain(booked.managementToken);
  });
});

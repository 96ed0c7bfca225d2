import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { owner } from '../../test/fixtures';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

describe.each(dbKinds())('settings on %s', (kind) => {
  let t: TestApp;
  let system: TestSmtp;
  let ownServer: TestSmtp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    system = await startSmtp();
    ownServer = await startSmtp({ user: 'salon@example.nl', pass: 'smtp-geheim' });
    // The owner's own SMTP server runs on loopback here: allowed only with OUTBOUND_ALLOW_PRIVATE.
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: system.url,
        MAIL_FROM: 'Afspraakplanner <noreply@afspraak.test>',
        OUTBOUND_ALLOW_PRIVATE: '1',
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await system.stop();
    await ownServer.stop();
  });

  it('stores card keys with the secret encrypted and never answered', async () => {
    const a = await owner(t);
    const secretKey = stripe.newAccount();
    const res = await a.patch('/api/user/settings', {
      stripePublicKey: 'pk_test_123',
      stripeSecretKey: secretKey,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stripePublicKey: 'pk_test_123', stripeSecretKeySet: true });
    expect(JSON.stringify(res.json())).not.toContain(secretKey);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.stripeSecretKey).toMatch(/^v1\./);
    expect(row!.stripeSecretKey).not.toContain('sk_test');

    expect(
      (await a.patch('/api/user/settings', { stripePublicKey: 'pk_test_456', stripeSecretKey: '' })).json()
        .stripeSecretKeySet,
    ).toBe(true);
    expect((await a.patch('/api/user/settings', { stripeSecretKey: null })).json()).toMatchObject({
      stripeSecretKeySet: false,
      stripePublicKey: 'pk_test_456',
    });
  });

  it('saves e-mail settings: 587 fallback, blank password keeps the stored one, nothing secret returned', async () => {
    const a = await owner(t);
    const initial = (await a.get('/api/email-settings')).json();
    expect(initial).toMatchObject({
      provider: 'system',
      smtpConfigured: false,
      gmailConnected: false,
      smtp: { port: 587, secure: true, password: '' },
    });

    const saved = await a.post('/api/email-settings', {
      provider: 'smtp',
      fromName: 'Salon Mooi',
      smtp: {
        host: '127.0.0.1',
        port: 'geen getal',
        username: 'salon@example.nl',
        password: 'smtp-geheim',
        secure: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      provider: 'smtp',
      fromName: 'Salon Mooi',
      smtpConfigured: true,
      smtp: { port: 587, password: '', passwordSet: true },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.smtpPassword).not.toContain('smtp-geheim');

    await a.post('/api/email-settings', {
      provider: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: ownServer.port,
        username: 'salon@example.nl',
        password: '',
        secure: false,
      },
    });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(after!.smtpPassword).toBe(row!.smtpPassword);

    expect((await a.post('/api/email-settings', { provider: 'gmail' })).json().message).toBe(
      nl.settings.gmailNotConnected,
    );
    const b = await owner(t);
    expect((await b.post('/api/email-settings', { provider: 'smtp' })).json().message).toBe(
      nl.settings.smtpHostRequired,
    );
  });

  it('sends a real test e-mail through the system provider and through the owner’s own SMTP server', async () => {
    const a = await owner(t, 'testmail');
    const viaSystem = await a.post('/api/email-settings/test');
    expect(viaSystem.statusCode).toBe(200);
    expect(viaSystem.json().message).toBe(`${nl.settings.testSent} testmail@example.nl.`);
    const sys = system.received.at(-1)!;
    expect(sys.envelope.to).toEqual(['testmail@example.nl']);
    expect(sys.mail.subject).toBe(nl.settings.testSubject);
    expect(sys.mail.from?.value[0]).toMatchObject({ address: 'noreply@afspraak.test', name: 'testmail' });

    await a.post('/api/email-settings', {
      provider: 'smtp',
      fromName: 'Salon Mooi',
      smtp: {
        host: '127.0.0.1',
        port: ownServer.port,
        username: 'salon@example.nl',
        password: 'smtp-geheim',
        secure: false,
      },
    });
    expect((await a.post('/api/email-settings/test')).statusCode).toBe(200);
    const own = ownServer.received.at(-1)!;
    expect(own.mail.from?.value[0]).toMatchObject({ address: 'salon@example.nl', name: 'Salon Mooi' });
    expect(own.mail.text?.trim()).toBe(nl.settings.testBody);

    await a.post('/api/email-settings', {
      provider: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: ownServer.port,
        username: 'salon@example.nl',
        password: 'fout',
        secure: false,
      },
    });
    const failed = await a.post('/api/email-settings/test');
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toMatch(new RegExp(`^${nl.settings.mailFailed}: `));
  });
});

/**
 * The owner's own SMTP server is a target an owner chooses, like a webhook URL (issue 14 §2): it
 * must never make the server talk to its own network. Refused when saved (a Dutch 400), and checked
 * again on every connection (the test e-mail and customers' mail), so a name that resolved to a
 * public address when it was saved and to loopback later is refused too. "No connection was made"
 * is proven by a real SMTP server on loopback that counts the connections it accepts.
 * WEBHOOK_ALLOW_PRIVATE=1 (the test default) does not allow private SMTP servers; only
 * OUTBOUND_ALLOW_PRIVATE=1 does, which the last block shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { users } from '../db/schema';
import { dbKinds } from '../test/databases';
import { owner } from '../test/fixtures';
import { bookAs, notificationsOf, notifyingEvent } from '../test/notification-fixtures';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { createTestApp, type TestApp } from '../test/test-app';
import { nextBookableDate } from '../test/test-today';
import { eventually } from '../test/wait';

const m = nl.settings;

/** Spellings of loopback, private, metadata and other non-public addresses, and a name for loopback. */
const NON_PUBLIC_HOSTS = [
  '127.0.0.1',
  'localhost',
  '127.1',
  '2130706433',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '0',
  '0.0.0.0',
  '::1',
  '[::1]',
  '[::127.0.0.1]',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]',
  '[64:ff9b::127.0.0.1]',
  '10.0.0.5',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  '[fd00:ec2::254]',
  'fe80::1',
  '224.0.0.1',
  '255.255.255.255',
];

/** What the owner's settings say, as stored. */
async function storedSmtp(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({ provider: users.emailProvider, host: users.smtpHost, port: users.smtpPort })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

/** Stores a host as if it had passed the save-time check (it resolved to a public address then). */
async function storeHostBehindTheCheck(t: TestApp, id: string, host: string, port: number) {
  await t.database.db
    .update(users)
    .set({ emailProvider: 'smtp', smtpHost: host, smtpPort: port, smtpSecure: false, smtpUsername: null })
    .where(eq(users.id, id));
}

describe.each(dbKinds())('owner SMTP server on %s (OUTBOUND_ALLOW_PRIVATE unset)', (kind) => {
  let t: TestApp;
  let system: TestSmtp;
  let own: TestSmtp;
  beforeAll(async () => {
    system = await startSmtp();
    own = await startSmtp();
    t = await createTestApp(kind, { workers: true, env: { SMTP_URL: system.url } });
  });
  afterAll(async () => {
    await t?.close();
    await system?.stop();
    await own?.stop();
  });

  it('refuses every non-public host when the settings are saved, with the Dutch 400, storing nothing', async () => {
    const a = await owner(t);
    for (const host of NON_PUBLIC_HOSTS) {
      const res = await a.post('/api/email-settings', {
        provider: 'smtp',
        smtp: { host, port: own.port, secure: false },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({
        message: m.smtpHostNotPublic,
        fields: { 'smtp.host': m.smtpHostNotPublic },
      });
    }
    expect(await storedSmtp(t, a.id)).toEqual({ provider: 'system', host: null, port: null });
    expect(own.connections).toBe(0);
  });

  it('saves a name that does not resolve yet: it is checked again when a connection is made', async () => {
    const a = await owner(t);
    const res = await a.post('/api/email-settings', {
      provider: 'smtp',
      smtp: { host: 'smtp.salon.invalid', port: 587 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'smtp', smtp: { host: 'smtp.salon.invalid' } });
  });

  it('refuses the test e-mail at connect time when the stored host now resolves to loopback: a Dutch 422, no connection', async () => {
    const a = await owner(t, 'smtptest');
    for (const host of ['localhost', '127.0.0.1', '[::127.0.0.1]']) {
      await storeHostBehindTheCheck(t, a.id, host, own.port);
      const res = await a.post('/api/email-settings/test');
      expect(res.statusCode, host).toBe(422);
      expect(res.json().message, host).toMatch(
        new RegExp(`^${m.mailFailed}: adres \\S+ is niet toegestaan$`),
      );
    }
    expect(own.connections).toBe(0);
    expect(own.received).toHaveLength(0);
  });

  it('refuses customers’ mail through that host at connect time, with the reason on the notification; nothing connects', async () => {
    const { owner: a, event } = await notifyingEvent(t);
    await storeHostBehindTheCheck(t, a.id, 'localhost', own.port);
    const booked = await bookAs(t, event.id, nextBookableDate(event), '10:00', 'Klant', 'klant@example.nl');
    const confirmation = await eventually(
      async () =>
        (await notificationsOf(t, booked.booking.id)).find((r) => r.kind === 'confirmation' && r.lastError),
      20_000,
      'the confirmation’s first attempt',
    );
    expect(confirmation.lastError).toMatch(/adres 127\.0\.0\.1 is niet toegestaan/);
    expect(confirmation.status).not.toBe('sent');
    expect(own.connections).toBe(0);
  });

  it('never checks the operator’s system SMTP server (SMTP_URL on loopback)', async () => {
    const a = await owner(t, 'systeem');
    const res = await a.post('/api/email-settings/test');
    expect(res.statusCode).toBe(200);
    expect(system.received.at(-1)!.envelope.to).toEqual(['systeem@example.nl']);
  });
});

describe.each(dbKinds())('owner SMTP server on %s with OUTBOUND_ALLOW_PRIVATE=1', (kind) => {
  let t: TestApp;
  let own: TestSmtp;
  beforeAll(async () => {
    own = await startSmtp();
    t = await createTestApp(kind, { env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
  });
  afterAll(async () => {
    await t?.close();
    await own?.stop();
  });

  it('control: the loopback server is saved and reached (so "0 connections" above means refused)', async () => {
    const a = await owner(t, 'lokaal');
    for (const host of ['127.0.0.1', 'localhost', '127.1']) {
      expect(
        (
          await a.post('/api/email-settings', {
            provider: 'smtp',
            smtp: { host, port: own.port, secure: false },
          })
        ).statusCode,
        host,
      ).toBe(200);
      expect((await a.post('/api/email-settings/test')).statusCode, host).toBe(200);
    }
    expect(own.connections).toBe(3);
    expect(own.received.map((r) => r.envelope.to)).toEqual([
      ['lokaal@example.nl'],
      ['lokaal@example.nl'],
      ['lokaal@example.nl'],
    ]);
  });
});

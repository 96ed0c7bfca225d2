import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { sha256 } from '../../lib/crypto';
import { dbKinds, queryRows } from '../../test/databases';
import { type TestSmtp } from '../../test/smtp';
import { agent, type Agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';
import { RESET_REQUESTS_PER_IP } from './auth.routes';
import { RESET_MAX_PER_ACCOUNT } from './password-reset.service';

const APP_URL = 'https://afspraak.test';
const LINK = /https:\/\/afspraak\.test\/auth\/reset\/([A-Za-z0-9_-]+)/;
const HOUR = 60 * 60 * 1000;
const invalidLink = { code: 'NOT_FOUND', message: nl.passwordReset.invalidLink };

describe.each(dbKinds())('password reset on %s', (kind) => {
  let t: MailingApp;
  let smtp: TestSmtp;
  // The app's clock, moved forward by a test to let a link expire.
  let offset = 0;
  const logLines: string[] = [];
  let visitor = 0;
  /** A fresh client address, so the per-address limit only answers where a test wants it. */
  const address = () => `198.51.100.${++visitor}`;

  beforeAll(async () => {
    // The reset mail goes out directly (no outbox job), so no workers.
    t = await createMailingApp(kind, {
      workers: false,
      now: () => new Date(Date.now() + offset),
      env: { APP_URL, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t.close();
  });

  const register = async (username: string, email: string | null) => {
    const a = agent(t.app);
    const res = await a.post('/api/register', { username, password: 'geheim123', email });
    expect(res.statusCode).toBe(201);
    return a;
  };
  const ask = (usernameOrEmail: string, remoteAddress = address()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { usernameOrEmail },
      remoteAddress,
    });
  const mailsTo = (to: string) =>
    smtp.received.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === to.toLowerCase()));
  /** The token of the n-th reset mail to `to` (waits for it). */
  const tokenFrom = async (to: string, n = 1) => {
    const mail = await eventually(() => mailsTo(to)[n - 1], 10_000, `reset mail ${n} to ${to}`);
    return LINK.exec(mail.mail.text ?? '')![1]!;
  };
  const setPassword = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/password-reset/${token}`,
      payload: { newPassword },
      remoteAddress: address(),
    });
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/password-reset/${token}`, remoteAddress: address() });
  const login = (username: string, password: string) =>
    agent(t.app).post('/api/login', { username, password });

  it('answers the same 202 for an unknown name, an account without an address and one with', async () => {
    await register('zonder', null);
    await register('met', 'met@example.nl');
    const answers = await Promise.all([
      ask('onbekend'),
      ask('niemand@example.nl'),
      ask('zonder'),
      ask('met'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);

    const token = await tokenFrom('met@example.nl');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32); // 256 random bits
    // Only the account with an address got mail: the other requests sent nothing at all.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.map((m) => m.envelope.to).flat()).toEqual(['met@example.nl']);

    const mail = mailsTo('met@example.nl')[0]!;
    expect(mail.mail.subject).toBe(nl.passwordReset.mailSubject);
    expect(mail.mail.from?.value[0]).toEqual({
      name: nl.passwordReset.mailSender,
      address: 'noreply@afspraak.test',
    });
    expect(mail.mail.text).toContain(`${APP_URL}/auth/reset/${token}`);
    expect(mail.mail.html).toContain(`href="${APP_URL}/auth/reset/${token}"`);
    expect(mail.mail.text).toContain('Beste met,');
    // A system mail: no auto-replies (RFC 3834), and a whole Dutch HTML document.
    expect(mail.mail.headers.get('auto-submitted')).toBe('auto-generated');
    // Answering a reset mail must not reach the recipient themself: it has no Reply-To at all.
    expect(mail.mail.headers.has('reply-to')).toBe(false);
    expect(mail.raw).not.toMatch(/^Reply-To:/im);
    expect(mail.mail.html).toMatch(/^<!doctype html>\n<html lang="nl">/);

    // Only the hash is stored, valid for one hour.
    const rows = await queryRows<{ token_hash: string; expires_at: Date; created_at: Date }>(
      t.database,
      sql`select t.token_hash, t.expires_at, t.created_at from password_reset_tokens t join users u on u.id = t.user_id where u.username = 'met'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBeGreaterThan(
      HOUR - 5_000,
    );
    expect(
      new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime(),
    ).toBeLessThanOrEqual(HOUR + 5_000);
  });

  it('finds the account by its address too, in any case', async () => {
    await register('lotte', 'Lotte@Example.nl');
    expect((await ask('LOTTE@example.NL')).statusCode).toBe(202);
    const token = await tokenFrom('Lotte@Example.nl');
    expect((await check(token)).statusCode).toBe(200);
  });

  it('sets the password once, ends every session of the owner and spends the other links', async () => {
    const laptop = await register('sanne', 'sanne@example.nl');
    const phone = agent(t.app);
    expect((await phone.post('/api/login', { username: 'sanne', password: 'geheim123' })).statusCode).toBe(
      200,
    );
    expect((await laptop.get('/api/user')).statusCode).toBe(200);

    await ask('sanne');
    await ask('sanne@example.nl');
    const [first, second] = [await tokenFrom('sanne@example.nl', 1), await tokenFrom('sanne@example.nl', 2)];
    expect(first).not.toBe(second);
    expect((await check(first)).json()).toEqual({ ok: true });

    const short = await setPassword(first, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION', message: nl.validation.newPasswordMin });
    expect((await check(first)).statusCode).toBe(200); // a refused password does not spend the link

    const done = await setPassword(first, 'nieuw-geheim');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    for (const old of [laptop, phone] as Agent[]) {
      const res = await old.get('/api/user');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: nl.errors.unauthorized });
    }
    const sessions = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = 'sanne'`,
    );
    expect(sessions[0]!.n).toBe(0);
    expect((await login('sanne', 'geheim123')).statusCode).toBe(401);
    expect((await login('sanne', 'nieuw-geheim')).statusCode).toBe(200);

    // Used, and the other open link spent with it.
    for (const token of [first, second]) {
      const again = await setPassword(token, 'nog-een-keer');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(invalidLink);
      expect((await check(token)).json()).toEqual(invalidLink);
    }
    expect((await login('sanne', 'nieuw-geheim')).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed link with the Dutch 404', async () => {
    for (const token of ['x'.repeat(43), 'kort', 'a'.repeat(100)]) {
      expect((await check(token)).json()).toEqual(invalidLink);
      const res = await setPassword(token, 'nieuw-geheim');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(invalidLink);
    }
  });

  it('keeps the link out of referrers and caches, on its page and its calls', async () => {
    for (const url of ['/auth/reset/x'.padEnd(55, 'x'), `/api/password-reset/${'x'.repeat(43)}`]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: address() });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('lets a link work for one hour only', async () => {
    await register('eva', 'eva@example.nl');
    await ask('eva');
    const token = await tokenFrom('eva@example.nl');
    try {
      offset = HOUR - 60_000;
      expect((await check(token)).statusCode).toBe(200);
      offset = HOUR + 1_000;
      expect((await check(token)).json()).toEqual(invalidLink);
      expect((await setPassword(token, 'te-laat-123')).statusCode).toBe(404);
    } finally {
      offset = 0;
    }
    expect((await login('eva', 'geheim123')).statusCode).toBe(200);
  });

  it(`limits requests per address to ${RESET_REQUESTS_PER_IP} in 15 minutes`, async () => {
    const from = address();
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++)
      expect((await ask(`adres-${i}`, from)).statusCode).toBe(202);
    const refused = await ask('adres-extra', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    expect((await ask('adres-extra', address())).statusCode).toBe(202);
  });

  it(`limits requests per account to ${RESET_MAX_PER_ACCOUNT} an hour, known or not, from any address`, async () => {
    await register('bas', 'bas@example.nl');
    for (const name of ['bas', 'spook']) {
      for (let i = 0; i < RESET_MAX_PER_ACCOUNT; i++) expect((await ask(name)).statusCode).toBe(202);
      const refused = await ask(name);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    }
    await tokenFrom('bas@example.nl', RESET_MAX_PER_ACCOUNT);
    // By its address instead of its name: still the same account's limit, so no further mail.
    expect((await ask('bas@example.nl')).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('bas@example.nl')).toHaveLength(RESET_MAX_PER_ACCOUNT);
    try {
      offset = HOUR + 1_000;
      expect((await ask('bas')).statusCode).toBe(202);
      await tokenFrom('bas@example.nl', RESET_MAX_PER_ACCOUNT + 1);
    } finally {
      offset = 0;
    }
  });

  it('writes no reset token to the log', async () => {
    await register('noor', 'noor@example.nl');
    await ask('noor');
    const token = await tokenFrom('noor@example.nl');
    await check(token);
    await setPassword(token, 'nieuw-geheim');
    const log = logLines.join('');
    expect(log).toContain('/api/password-reset/[redacted]');
    expect(log).toContain('password reset link sent');
    for (const mail of smtp.received) {
      const seen = LINK.exec(mail.mail.text ?? '')?.[1];
      if (seen) expect(log).not.toContain(seen);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { sessions, users } from '../db/schema';
import { dbKinds, queryRows } from '../test/databases';
import { agent, createTestApp, type TestApp } from '../test/test-app';
import { NOW } from './owner-fixtures';

const PASSWORD = 'geheim123';
const INVALID = { code: 'INVALID_CREDENTIALS', message: nl.errors.invalidCredentials };
const LIMITED = { code: 'RATE_LIMITED', message: nl.errors.tooManyRequests };
const DAY = 24 * 60 * 60 * 1000;

let ip = 0;
/** A fresh client address per call, so only the limit under test can trigger. */
const freshIp = () => `203.0.113.${(++ip % 250) + 1}`;

/** Parses one Set-Cookie header into its value and attributes (names lower-cased). */
function parseSetCookie(header: string | string[] | undefined) {
  const line = [header ?? []].flat()[0];
  if (!line) throw new Error('no Set-Cookie');
  const [pair, ...attrs] = line.split(';').map((s) => s.trim());
  const eq = pair!.indexOf('=');
  return {
    name: pair!.slice(0, eq),
    value: decodeURIComponent(pair!.slice(eq + 1)),
    attrs: Object.fromEntries(
      attrs.map((a) => [
        a.split('=')[0]!.toLowerCase(),
        a.includes('=') ? a.slice(a.indexOf('=') + 1) : true,
      ]),
    ) as Record<string, string | true>,
  };
}

describe.each(dbKinds())('login, registration and sessions on %s', (kind) => {
  let t: TestApp;
  let clock = NOW;
  const login = (username: string, password: string, remoteAddress = freshIp(), cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const register = (username: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: PASSWORD },
      remoteAddress,
    });
  const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String([res.headers['set-cookie']].flat()[0]).split(';')[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
    for (const name of ['henk', 'ingrid', 'jan', 'kees', 'lotte', 'mila'])
      expect((await register(name)).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('gives every failed login the same answer, and takes about as long for an unknown user', async () => {
    const bodies = [
      await login('henk', 'fout-wachtwoord'),
      await login('HENK', 'fout-wachtwoord'),
      await login('niemand-bekend', 'fout-wachtwoord'),
      await login('henk', `${PASSWORD} `),
    ];
    for (const res of bodies) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Unknown users still pay for one password hash: no fast path that tells them apart.
    const time = async (username: string) => {
      const start = performance.now();
      await login(username, 'fout-wachtwoord');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('ingrid'));
      unknown.push(await time(`onbekend-${i}`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
    expect((await login('ingrid', PASSWORD)).statusCode).toBe(200); // 5 failures: not locked yet
  });

  it('locks a username after 10 failures from any addresses, whatever its case, and unlocks after 15 minutes', async () => {
    for (const variant of ['jan', 'JAN', ' Jan ', 'jAn', 'jan', 'jan', 'JAN', 'jan', 'jan', 'jan']) {
      expect((await login(variant, 'fout')).json()).toEqual(INVALID);
    }
    const right = await login('jan', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LIMITED);
    expect(right.headers['set-cookie']).toBeUndefined();
    expect((await login('kees', PASSWORD)).statusCode).toBe(200); // other accounts are not affected

    // An unknown username locks the same way: the lock tells nothing about which names exist.
    for (let i = 0; i < 10; i++) expect((await login('bestaat-niet', 'fout')).json()).toEqual(INVALID);
    expect((await login('bestaat-niet', 'fout')).json()).toEqual(LIMITED);

    clock = new Date(NOW.getTime() + 15 * 60_000 + 1000);
    try {
      expect((await login('jan', PASSWORD)).statusCode).toBe(200);
    } finally {
      clock = NOW;
    }
  });

  it('forgets earlier failures after a successful login', async () => {
    for (let i = 0; i < 9; i++) await login('lotte', 'fout');
    expect((await login('lotte', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login('lotte', 'fout')).statusCode).toBe(401);
    expect((await login('lotte', PASSWORD)).statusCode).toBe(200);
  });

  it('limits login attempts to 20 per address per 15 minutes, right password or not', async () => {
    const address = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(`poging-${i}`, 'fout', address)).statusCode).toBe(401);
    const blocked = await login('mila', PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect((await login('mila', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('limits sign-ups to 10 per address per 15 minutes', async () => {
    const address = freshIp();
    for (let i = 0; i < 10; i++) expect((await register(`reeks-${i}`, address)).statusCode).toBe(201);
    const blocked = await register('reeks-10', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expect(await queryRows(t.database, sql`select id from users where username = 'reeks-10'`)).toEqual([]);
    expect((await register('reeks-10', freshIp())).statusCode).toBe(201);
  });

  it('sets a signed HttpOnly SameSite=Lax session cookie on path / for 30 days, not Secure over plain http', async () => {
    const res = await login('henk', PASSWORD);
    const c = parseSetCookie(res.headers['set-cookie']);
    expect(c.name).toBe('sid');
    expect(c.attrs).toMatchObject({ path: '/', httponly: true, samesite: 'Lax' });
    expect(c.attrs.secure).toBeUndefined();
    expect(c.attrs.domain).toBeUndefined();
    expect(new Date(String(c.attrs.expires)).getTime()).toBe(
      Math.floor((NOW.getTime() + 30 * DAY) / 1000) * 1000,
    );
    expect(c.attrs['max-age']).toBe(String((30 * DAY) / 1000)); // relative: the browser's own clock counts it down

    // Signed: the token alone, a changed signature or a signature by another key are all refused.
    const [token, signature] = [
      c.value.slice(0, c.value.lastIndexOf('.')),
      c.value.slice(c.value.lastIndexOf('.') + 1),
    ];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signature.length).toBeGreaterThan(20);
    expect((await me(`sid=${encodeURIComponent(c.value)}`)).statusCode).toBe(200);
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [
      token,
      `${token}.${flipped}`,
      fastifyCookie.sign(token, 'een-ander-geheim-een-ander-geheim-0123'),
      `${token}x.${signature}`,
    ]) {
      const res = await me(`sid=${encodeURIComponent(forged)}`);
      expect(res.statusCode, forged).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: nl.errors.unauthorized });
    }
  });

  it('rotates the session at login, even when the browser already carried someone’s session', async () => {
    // Session fixation: an attacker plants their own live session cookie, the victim signs in.
    const planted = cookieOf(await login('kees', PASSWORD));
    expect((await me(planted)).json().username).toBe('kees');
    const victim = await login('henk', PASSWORD, freshIp(), planted);
    const fresh = cookieOf(victim);
    expect(fresh).not.toBe(planted);
    expect((await me(fresh)).json().username).toBe('henk');
    expect((await me(planted)).statusCode).toBe(401);
  });

  it('deletes the session server-side at logout: the old cookie replayed is refused', async () => {
    const a = agent(t.app);
    expect((await a.post('/api/login', { username: 'ingrid', password: PASSWORD })).statusCode).toBe(200);
    const cookie = a.cookie!;
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'ingrid'));
    const count = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
    const before = await count();
    const out = await a.post('/api/logout');
    expect(out.statusCode).toBe(200);
    const cleared = parseSetCookie(out.headers['set-cookie']);
    expect(cleared.value).toBe('');
    expect(new Date(String(cleared.attrs.expires)).getTime()).toBeLessThan(Date.now());
    expect(await count()).toBe(before - 1);
    const replay = await me(cookie);
    expect(replay.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/user/profile',
          payload: { email: 'x@example.nl' },
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ends a session 30 days after its last use and slides it while in use', async () => {
    const cookie = cookieOf(await login('mila', PASSWORD));
    try {
      clock = new Date(NOW.getTime() + 16 * DAY); // past half of the lifetime: the next call extends it
      expect((await me(cookie)).statusCode).toBe(200);
      clock = new Date(NOW.getTime() + 31 * DAY);
      expect((await me(cookie)).statusCode).toBe(200);
      clock = new Date(NOW.getTime() + 16 * DAY + 30 * DAY + 60_000);
      expect((await me(cookie)).statusCode).toBe(401);
    } finally {
      clock = NOW;
    }
  });
});

describe.each(dbKinds())('session cookie behind https on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW, env: { APP_URL: 'https://afspraken.example' } });
  });
  afterAll(() => t.close());

  it('uses a __Host- Secure cookie on path / without a domain, sends HSTS, and ignores a plain sid cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'veilig', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const c = parseSetCookie(res.headers['set-cookie']);
    expect(c.name).toBe('__Host-sid');
    expect(c.attrs).toMatchObject({ path: '/', httponly: true, samesite: 'Lax', secure: true });
    expect(c.attrs.domain).toBeUndefined();
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);

    const value = encodeURIComponent(c.value);
    expect(
      (await t.app.inject({ url: '/api/user', headers: { cookie: `__Host-sid=${value}` } })).statusCode,
    ).toBe(200);
    // The same signed value under the unprefixed name (which a subdomain or plain http could set) is not a session.
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: `sid=${value}` } })).statusCode).toBe(
      401,
    );
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { agent, createTestApp, type TestApp } from '../../test/test-app';

const creds = (username: string, password = 'geheim123') => ({
  username,
  password,
  email: `${username}@example.nl`,
});

describe.each(dbKinds())('auth API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 401 with a Dutch message when signed out', async () => {
    const res = await t.app.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: nl.errors.unauthorized });
  });

  it('registers, sets an HttpOnly Lax session cookie and never returns the password', async () => {
    const a = agent(t.app);
    const res = await a.post('/api/register', creds('anna'));
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'anna',
      email: 'anna@example.nl',
      timeZone: 'Europe/Amsterdam',
      emailProvider: 'system',
    });
    expect(JSON.stringify(user)).not.toMatch(/geheim123|argon2/);
    expect((await a.get('/api/user')).json().username).toBe('anna');

    const rows = await queryRows<{ password: string }>(
      t.database,
      sql`select password from members where username = 'anna'`,
    );
    expect(rows[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await queryRows<{ id: string }>(t.database, sql`select id from sessions`);
    const token = decodeURIComponent(a.cookie!.split('=')[1]!).split('.')[0]!;
    expect(sessions.map((r) => r.id)).not.toContain(token); // only the hash is stored
  });

  it('refuses a taken username regardless of case', async () => {
    await agent(t.app).post('/api/register', creds('bram'));
    const res = await agent(t.app).post('/api/register', creds('BRAM'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(nl.errors.usernameTaken);
  });

  it('validates registration input in Dutch', async () => {
    const short = await agent(t.app).post('/api/register', { username: 'kort', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(nl.validation.passwordMin);
    const badEmail = await agent(t.app).post('/api/register', {
      username: 'mail',
      password: 'geheim123',
      email: 'geen-mail',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBe(nl.validation.invalidEmail);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/register' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).not.toMatch(/expected|invalid input/i);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(nl.errors.badRequest);
  });

  it('gives one uniform message for an unknown user and a wrong password', async () => {
    await agent(t.app).post('/api/register', creds('carla'));
    const wrong = await agent(t.app).post('/api/login', { username: 'carla', password: 'fout-wachtwoord' });
    const unknown = await agent(t.app).post('/api/login', {
      username: 'niemand',
      password: 'fout-wachtwoord',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(nl.errors.invalidCredentials);
  });

  it('rotates the session id at login and deletes it server-side at logout', async () => {
    await agent(t.app).post('/api/register', creds('daan'));
    const a = agent(t.app);
    const first = await a.post('/api/login', { username: 'Daan', password: 'geheim123' });
    expect(first.statusCode).toBe(200);
    const firstCookie = a.cookie!;
    await a.post('/api/login', { username: 'daan', password: 'geheim123' });
    expect(a.cookie).not.toBe(firstCookie);
    const stale = await t.app.inject({ url: '/api/user', headers: { cookie: firstCookie } });
    expect(stale.statusCode).toBe(401);

    const liveCookie = a.cookie!;
    expect((await a.post('/api/logout')).statusCode).toBe(200);
    const afterLogout = await t.app.inject({ url: '/api/user', headers: { cookie: liveCookie } });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('rejects a forged (unsigned) session cookie', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { cookie: 'sid=forged-value' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates only the signed-in owner’s profile; the username cannot change', async () => {
    const eva = agent(t.app);
    await eva.post('/api/register', creds('eva'));
    const finn = agent(t.app);
    await finn.post('/api/register', creds('finn'));

    const res = await finn.patch('/api/user/profile', { email: 'finn@nieuw.nl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'finn', email: 'finn@nieuw.nl' });
    expect((await eva.get('/api/user')).json().email).toBe('eva@example.nl');

    const rename = await finn.patch('/api/user/profile', { email: 'finn@nieuw.nl', username: 'eva' });
    expect(rename.statusCode).toBe(400);
    expect((await finn.get('/api/user')).json().username).toBe('finn');

    const bad = await finn.patch('/api/user/profile', { email: 'kapot' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(nl.validation.invalidEmail);
    const accented = await finn.patch('/api/user/profile', { email: 'finn@bücher.de' });
    expect(accented.statusCode).toBe(400);
    expect(accented.json().message).toBe(nl.validation.emailChars);
    const cleared = await finn.patch('/api/user/profile', { email: '' });
    expect(cleared.json().email).toBeNull();

    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { email: 'x@y.nl' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password with the Dutch rules and signs out other sessions', async () => {
    const main = agent(t.app);
    await main.post('/api/register', creds('gijs'));
    const other = agent(t.app);
    await other.post('/api/login', { username: 'gijs', password: 'geheim123' });

    const wrong = await main.patch('/api/user/password', {
      currentPassword: 'fout',
      newPassword: 'nieuw-geheim',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(nl.errors.wrongCurrentPassword);
    const short = await main.patch('/api/user/password', {
      currentPassword: 'geheim123',
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(nl.validation.newPasswordMin);
    const missing = await main.patch('/api/user/password', {
      currentPassword: '',
      newPassword: 'nieuw-geheim',
    });
    expect(missing.json().message).toBe(nl.validation.currentPasswordRequired);

    const ok = await main.patch('/api/user/password', {
      currentPassword: 'geheim123',
      newPassword: 'nieuw-geheim',
    });
    expect(ok.statusCode).toBe(200);
    expect((await main.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect(
      (await agent(t.app).post('/api/login', { username: 'gijs', password: 'geheim123' })).statusCode,
    ).toBe(401);
    expect(
      (await agent(t.app).post('/api/login', { username: 'gijs', password: 'nieuw-geheim' })).statusCode,
    ).toBe(200);
  });

  it('refuses state-changing calls from another site', async () => {
    const evilOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'x', password: 'y' },
    });
    expect(evilOrigin.statusCode).toBe(403);
    expect(evilOrigin.json().message).toBe(nl.errors.forbiddenCrossSite);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/healthz', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('sends a strict CSP that only lets /boek/* be framed', async () => {
    const api = await t.app.inject({ url: '/api/user' });
    expect(api.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(api.headers['x-frame-options']).toBeDefined();
    expect(api.headers['cache-control']).toBe('no-store');
    const booking = await t.app.inject({ url: '/boek/knipbeurt' });
    expect(booking.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(booking.headers['x-frame-options']).toBeUndefined();
  });

  it('answers unknown API paths with a Dutch JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/bestaat-niet' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(nl.errors.notFound);
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', database: kind });
  });
});

describe.each(dbKinds())('login rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('blocks a username after 10 failures, even with the right password', async () => {
    await agent(t.app).post('/api/register', creds('henk'));
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'henk', password: 'fout' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'henk', password: 'geheim123' },
      remoteAddress: '10.0.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(nl.errors.tooManyRequests);
  });

  it('limits login attempts per IP address to 20 per 15 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `ip-${i}`, password: 'fout' },
        remoteAddress: '192.0.2.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

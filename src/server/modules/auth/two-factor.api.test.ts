import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { totpCode, totpStep, TOTP_PERIOD_SECONDS } from '../../lib/totp';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { LOGIN_MAX_FAILURES } from './login-throttle';
import { CODE_CHECKS_PER_IP } from './two-factor.routes';

const t2 = nl.twoFactor;
const START = new Date('2026-12-02T10:00:10Z');
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

describe.each(dbKinds())('two-step sign-in on %s', (kind) => {
  let t: TestApp;
  let clock = START;
  const lines: string[] = [];
  /** Every secret and recovery code handed out, to look for in the logs at the end. */
  const handedOut: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      now: () => clock,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (l) => void lines.push(l) },
    });
  });
  afterAll(() => t.close());

  /** Moves the clock on by whole steps (every test starts on steps of its own, clear of earlier ones). */
  const advance = (steps: number) => {
    clock = new Date(clock.getTime() + steps * STEP_MS);
  };
  const codeAt = (secret: string, offset = 0) => totpCode(secret, totpStep(clock) + offset);

  async function setUp(a: Agent) {
    const setup = await a.post('/api/user/2fa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    handedOut.push(secret);
    const enable = await a.post('/api/user/2fa/enable', { code: codeAt(secret) });
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    handedOut.push(...recoveryCodes);
    advance(10);
    return { secret, recoveryCodes };
  }

  /** A member with two-step sign-in on, signed in through both steps once. */
  async function memberWith2fa(name: string) {
    const a = await owner(t, name);
    return { a, name, ...(await setUp(a)) };
  }

  /** The password step: a new browser with the pending sign-in's cookie. */
  async function passwordStep(username: string) {
    const b = agent(t.app);
    const res = await b.post('/api/login', { username, password: 'geheim123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    return b;
  }

  const activity = (memberId: string) =>
    queryRows<{ kind: string; actor: string; member_id: string; after: Record<string, string> | null }>(
      t.database,
      sql`select kind, actor, member_id, after from activity_log where member_id = ${memberId} order by at, seq`,
    );

  it('sets up with a secret to scan or type, stored sealed, and enables with a code of the app', async () => {
    const a = await owner(t, 'tfa-anna');
    const setup = await a.post('/api/user/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    handedOut.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Afspraakplanner:tfa-anna?secret=${secret}&issuer=Afspraakplanner&algorithm=SHA1&digits=6&period=30`,
    );
    const [row] = await queryRows<{ totp_secret: string; totp_enabled_at: Date | null }>(
      t.database,
      sql`select totp_secret, totp_enabled_at from members where id = ${a.id}`,
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(secret);
    expect(row!.totp_enabled_at).toBeNull();
    // Not yet on: the user answer says so and a login needs no code.
    expect((await a.get('/api/user')).json()).toMatchObject({ twoFactorEnabled: false });

    const wrong = await a.post('/api/user/2fa/enable', { code: codeAt(secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', fields: { code: t2.wrongCode } });
    const empty = await a.post('/api/user/2fa/enable', { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ code: t2.codeRequired });

    const enable = await a.post('/api/user/2fa/enable', { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    handedOut.push(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    const stored = await queryRows<{ code_hash: string }>(
      t.database,
      sql`select code_hash from member_recovery_codes where member_id = ${a.id}`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(recoveryCodes[0]!.replace('-', '-?')));

    const user = await a.get('/api/user');
    expect(user.json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
    expect(user.body).not.toContain(secret);
    // On is on: a second setup or enable is refused, the secret stays.
    const again = await a.post('/api/user/2fa/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: t2.alreadyEnabled });
    expect((await a.post('/api/user/2fa/enable', { code: codeAt(secret) })).statusCode).toBe(409);
    expect((await activity(a.id)).map((e) => e.kind)).toContain('sign_in.two_factor_enabled');
  });

  it('asks the second step after the password: no session until then', async () => {
    const { name } = await memberWith2fa('tfa-bram');
    const b = await passwordStep(name);
    expect(b.cookie).toBeDefined();
    const me = await b.get('/api/user');
    expect(me.statusCode).toBe(401);
    expect((await b.get('/api/bookings')).statusCode).toBe(401);
    // A wrong password is still the password step's refusal.
    const wrong = await agent(t.app).post('/api/login', { username: name, password: 'fout' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('accepts the codes of the step before, the current one and the next, not two steps away', async () => {
    const { name, secret, a } = await memberWith2fa('tfa-cor');
    for (const offset of [-1, 0, 1]) {
      const b = await passwordStep(name);
      const pendingCookie = b.cookie;
      const res = await b.post('/api/login/2fa', { code: codeAt(secret, offset) });
      expect(res.statusCode, `offset ${offset}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ username: name, twoFactorEnabled: true });
      expect(res.body).not.toContain(secret);
      // The cookie changed: the pending sign-in became a new session.
      expect(b.cookie).not.toBe(pendingCookie);
      expect((await b.get('/api/user')).statusCode).toBe(200);
      expect((await b.get('/api/bookings')).statusCode).toBe(200);
      const stale = agent(t.app);
      stale.cookie = pendingCookie;
      expect((await stale.get('/api/user')).statusCode).toBe(401);
      advance(1);
    }
    advance(10);
    for (const offset of [-2, 2]) {
      const b = await passwordStep(name);
      const res = await b.post('/api/login/2fa', { code: codeAt(secret, offset) });
      expect(res.statusCode, `offset ${offset}`).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CODE', message: t2.wrongCodeOrRecovery });
      expect((await b.get('/api/user')).statusCode).toBe(401);
    }
    const entries = await activity(a.id);
    // The registration's session is no sign-in: the three logins are.
    expect(entries.filter((e) => e.kind === 'sign_in.succeeded').map((e) => e.after)).toEqual([
      { method: 'totp' },
      { method: 'totp' },
      { method: 'totp' },
    ]);
    expect(entries.filter((e) => e.kind === 'sign_in.failed')).toEqual([
      { kind: 'sign_in.failed', actor: 'member', member_id: a.id, after: { step: 'code' } },
      { kind: 'sign_in.failed', actor: 'member', member_id: a.id, after: { step: 'code' } },
    ]);
  });

  it('takes a code once, also when it arrives twice at the same moment', async () => {
    const { name, secret } = await memberWith2fa('tfa-dirk');
    const code = codeAt(secret);
    const first = await passwordStep(name);
    expect((await first.post('/api/login/2fa', { code })).statusCode).toBe(200);
    const second = await passwordStep(name);
    const reused = await second.post('/api/login/2fa', { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('INVALID_CODE');
    // An older step than the one taken is refused too, even within the window.
    expect((await second.post('/api/login/2fa', { code: codeAt(secret, -1) })).statusCode).toBe(401);

    advance(5);
    const racing = await Promise.all([passwordStep(name), passwordStep(name), passwordStep(name)]);
    const fresh = codeAt(secret);
    const answers = await Promise.all(racing.map((b) => b.post('/api/login/2fa', { code: fresh })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('signs in with a recovery code once, typed in any case, with or without its dash', async () => {
    const { name, recoveryCodes, a } = await memberWith2fa('tfa-eva');
    const [first, second] = recoveryCodes as [string, string];
    const b = await passwordStep(name);
    expect((await b.post('/api/login/2fa', { code: first })).statusCode).toBe(200);
    const again = await passwordStep(name);
    expect((await again.post('/api/login/2fa', { code: first })).statusCode).toBe(401);
    const typed = await again.post('/api/login/2fa', { code: ` ${second.replace('-', '').toUpperCase()} ` });
    expect(typed.statusCode, typed.body).toBe(200);
    const used = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from member_recovery_codes where member_id = ${a.id} and used_at is not null`,
    );
    expect(used[0]!.n).toBe(2);
    const methods = (await activity(a.id)).filter((e) => e.kind === 'sign_in.succeeded').map((e) => e.after);
    expect(methods).toEqual([{ method: 'recovery_code' }, { method: 'recovery_code' }]);
  });

  it('answers 401 without a pending sign-in, or after its five minutes', async () => {
    const { name, secret } = await memberWith2fa('tfa-fenna');
    const none = await agent(t.app).post('/api/login/2fa', { code: codeAt(secret) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'UNAUTHORIZED', message: t2.pendingExpired });
    // A real session is no pending sign-in either.
    const signedIn = await owner(t, 'tfa-fenna-2');
    expect((await signedIn.post('/api/login/2fa', { code: '123456' })).json().code).toBe('UNAUTHORIZED');

    const b = await passwordStep(name);
    advance(11); // 5.5 minutes
    const late = await b.post('/api/login/2fa', { code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ code: 'UNAUTHORIZED', message: t2.pendingExpired });
  });

  it('counts wrong codes with the login failures: after 10 the username is refused, also the right code', async () => {
    const { name, secret } = await memberWith2fa('tfa-gijs');
    const b = await passwordStep(name);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await b.post('/api/login/2fa', { code: i % 2 ? '000000' : 'zzzz-zzzz' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const blocked = await b.post('/api/login/2fa', { code: codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    const password = await agent(t.app).post('/api/login', { username: name, password: 'geheim123' });
    expect(password.statusCode).toBe(429);
  });

  it('forgives the failures once both steps are done', async () => {
    const { name, secret } = await memberWith2fa('tfa-hanna');
    const b = await passwordStep(name);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await b.post('/api/login/2fa', { code: '000000' })).statusCode).toBe(401);
    expect((await b.post('/api/login/2fa', { code: codeAt(secret) })).statusCode).toBe(200);
    advance(1);
    const c = await passwordStep(name);
    expect((await c.post('/api/login/2fa', { code: '000000' })).statusCode).toBe(401);
    expect((await c.post('/api/login/2fa', { code: codeAt(secret) })).statusCode).toBe(200);
  });

  it(`limits code checks to ${CODE_CHECKS_PER_IP} per address per 15 minutes`, async () => {
    const b = agent(t.app);
    const statuses: number[] = [];
    for (let i = 0; i <= CODE_CHECKS_PER_IP; i++)
      statuses.push((await b.post('/api/login/2fa', { code: 'abcd-efgh' })).statusCode);
    expect(statuses.slice(0, CODE_CHECKS_PER_IP).every((s) => s === 401)).toBe(true);
    expect(statuses[CODE_CHECKS_PER_IP]).toBe(429);
  });

  it('turns off with the password and a code: the secret and the recovery codes go', async () => {
    const { a, name, secret } = await memberWith2fa('tfa-ilse');
    const wrongPassword = await a.post('/api/user/2fa/disable', { password: 'fout', code: codeAt(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: t2.wrongPassword });
    const wrongCode = await a.post('/api/user/2fa/disable', { password: 'geheim123', code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields).toEqual({ code: t2.wrongCodeOrRecovery });
    const missing = await a.post('/api/user/2fa/disable', { password: 'geheim123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ code: t2.codeRequired });

    const ok = await a.post('/api/user/2fa/disable', { password: 'geheim123', code: codeAt(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await a.get('/api/user')).json()).toMatchObject({ twoFactorEnabled: false });
    const [row] = await queryRows<{ totp_secret: string | null; totp_enabled_at: Date | null; n: number }>(
      t.database,
      sql`select totp_secret, totp_enabled_at,
            (select count(*)::int from member_recovery_codes where member_id = members.id) as n
          from members where id = ${a.id}`,
    );
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null, n: 0 });
    const again = await a.post('/api/user/2fa/disable', { password: 'geheim123', code: codeAt(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(t2.notEnabled);

    // A plain login again, and setting it up anew works.
    const login = await agent(t.app).post('/api/login', { username: name, password: 'geheim123' });
    expect(login.json()).toMatchObject({ username: name, twoFactorEnabled: false });
    advance(1);
    const renewed = await setUp(a);
    const viaRecovery = await a.post('/api/user/2fa/disable', {
      password: 'geheim123',
      code: renewed.recoveryCodes[3],
    });
    expect(viaRecovery.statusCode, viaRecovery.body).toBe(200);
    const kinds = (await activity(a.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k.startsWith('sign_in.two_factor'))).toEqual([
      'sign_in.two_factor_enabled',
      'sign_in.two_factor_disabled',
      'sign_in.two_factor_enabled',
      'sign_in.two_factor_disabled',
    ]);
  });

  it('holds a member of a business that requires it to setting it up, then lets them in', async () => {
    const a = await owner(t, 'tfa-joost');
    await t.database.db.execute(sql`update users set require_two_factor = true where id = ${a.id}`);
    expect((await a.get('/api/user')).json()).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSetupRequired: true,
    });
    for (const url of ['/api/bookings', '/api/events', '/api/dashboard']) {
      const res = await a.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        code: 'TWO_FACTOR_SETUP_REQUIRED',
        message: nl.errors.twoFactorSetupRequired,
      });
    }
    const { secret } = await setUp(a);
    expect((await a.get('/api/user')).json()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    expect((await a.get('/api/bookings')).statusCode).toBe(200);
    expect((await a.get('/api/events')).statusCode).toBe(200);
    // Required: it cannot be turned off.
    const off = await a.post('/api/user/2fa/disable', { password: 'geheim123', code: codeAt(secret) });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ code: 'CONFLICT', message: t2.requiredByBusiness });
  });

  it('logs the sign-ins of known members, and a password change, in their log', async () => {
    const a = await owner(t, 'tfa-kees');
    await agent(t.app).post('/api/login', { username: 'tfa-kees', password: 'fout' });
    await agent(t.app).post('/api/login', { username: 'tfa-kees', password: 'geheim123' });
    await agent(t.app).post('/api/login', { username: 'tfa-onbekend', password: 'fout' });
    expect(
      (await a.patch('/api/user/password', { currentPassword: 'geheim123', newPassword: 'nieuw123' }))
        .statusCode,
    ).toBe(200);
    expect((await activity(a.id)).map((e) => [e.kind, e.actor, e.after])).toEqual([
      ['sign_in.failed', 'member', { step: 'password' }],
      ['sign_in.succeeded', 'member', { method: 'password' }],
      ['sign_in.password_changed', 'member', null],
    ]);
    const unknown = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from activity_log where member_name = 'tfa-onbekend'`,
    );
    expect(unknown[0]!.n).toBe(0);
  });

  it('never writes a secret or a recovery code to the log', () => {
    expect(handedOut.length).toBeGreaterThan(20);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const value of handedOut) expect(log).not.toContain(value);
  });
});

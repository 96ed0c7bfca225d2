import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

/** Sign-ups over one connection (by default the proxy's, 10.0.0.2), each naming a client address. */
async function signUps(t: TestApp, clients: string[], remoteAddress = '10.0.0.2') {
  const statuses: number[] = [];
  for (const [i, client] of clients.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress,
      headers: { 'x-forwarded-for': client },
      payload: { username: `proxyklant${Date.now()}${i}`, password: 'geheim123' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY: client addresses behind a reverse proxy (decision 002)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('without it, X-Forwarded-For is ignored: everyone behind the proxy shares its limit', async () => {
    t = await createTestApp('pglite', { env: { REGISTER_LIMIT_PER_IP: '2' } });
    expect(await signUps(t, ['203.0.113.5', '203.0.113.5', '198.51.100.7'])).toEqual([201, 201, 429]);
  });

  it('with the proxy trusted, each client behind it has its own limit; a client cannot fake its way past', async () => {
    t = await createTestApp('pglite', { env: { REGISTER_LIMIT_PER_IP: '2', TRUST_PROXY: '10.0.0.0/8' } });
    expect(await signUps(t, ['203.0.113.5', '203.0.113.5', '203.0.113.5', '198.51.100.7'])).toEqual([
      201, 201, 429, 201,
    ]);
    // A direct client (not a trusted proxy) naming other addresses in the header is still itself.
    expect(await signUps(t, ['203.0.113.99', '203.0.113.100', '203.0.113.101'], '192.0.2.9')).toEqual([
      201, 201, 429,
    ]);
  });

  it('accepts addresses, CIDR ranges and range names, and refuses anything else at start', () => {
    const base = { DATA_DIR: '/tmp/afspraak-trust', APP_SECRET: 'x'.repeat(32) };
    expect(
      loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8 ,loopback' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    expect(loadConfig(base).trustProxy).toEqual([]);
    for (const bad of [
      '*',
      'true',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.nl',
      '10.0.0.1/8/2',
      'loopback/8',
    ]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});

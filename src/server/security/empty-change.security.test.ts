/**
 * No 5xx on an empty change (issue 14 §6): every POST, PATCH and PUT route of the router, called by
 * a signed-in owner with `{}` and with a body of only keys it does not know, answers a Dutch 4xx or
 * a 2xx that changed nothing. "Nothing" is every row of every table, compared before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKinds, queryRows } from '../test/databases';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { isDutchMessage } from './dutch-message';
import {
  appRoutes,
  dbSnapshot,
  NOW,
  ownerWithEverything,
  routeKey,
  routeUrl,
  type OwnedIds,
} from './owner-fixtures';

/** `{}`, and keys no route knows (the first is what a client of an older version might send). */
const EMPTY_BODIES: Record<string, object> = {
  'empty object': {},
  'only unknown keys': { bewaartermijnInJaren: 2, onbekend: 'x', __proto__x: { a: 1 } },
};

/** Ends the session it is called with: the one route whose whole purpose needs no body. It runs last. */
const LOGOUT = 'POST /api/logout';
/**
 * Starts two-step sign-in's setup: it needs no body either, and its change (a new sealed secret, not in
 * use until enabled) is checked by a test of its own.
 */
const TWO_FACTOR_SETUP = 'POST /api/user/2fa/setup';

let visitor = 0;
/** A client address per call, so the product's per-address rate limits never answer first. */
const nextAddress = () => `127.3.${Math.floor(++visitor / 250) % 250}.${(visitor % 250) + 1}`;

describe.each(dbKinds())('empty and unknown-only bodies on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let ids: OwnedIds;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    ({ owner: anna, ids, managementToken: token } = await ownerWithEverything(t, 'leeg-owner'));
  });
  afterAll(() => t.close());

  const changingRoutes = () =>
    appRoutes(t.app).filter((r) => r.path.startsWith('/api/') && ['POST', 'PATCH', 'PUT'].includes(r.method));

  it(
    'answers every POST/PATCH/PUT route with a Dutch 4xx or a 2xx that changed nothing',
    { timeout: 120_000 },
    async () => {
      const routes = changingRoutes().filter((r) => ![LOGOUT, TWO_FACTOR_SETUP].includes(routeKey(r)));
      // The sweep covers the whole router, including every PATCH route.
      expect(routes.map(routeKey)).toEqual(
        expect.arrayContaining([
          'PATCH /api/user/settings',
          'PATCH /api/user/profile',
          'PATCH /api/events/:param',
          'PATCH /api/bookings/:param',
          'POST /api/public/bookings',
          'POST /api/public/visits',
        ]),
      );
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        for (const [label, payload] of Object.entries(EMPTY_BODIES)) {
          const before = await dbSnapshot(t.database);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: routeUrl(route, ids, token),
            payload,
            headers: { cookie: anna.cookie! },
            remoteAddress: nextAddress(),
          });
          const what = `${routeKey(route)} with ${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          // Soft: one run reports every route that misbehaves, not only the first.
          expect.soft(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) expect.soft(isDutchMessage(res.json().message), what).toBe(true);
          expect.soft(await dbSnapshot(t.database), what).toEqual(before);
        }
      }
    },
  );

  it('a change that names a field but sets nothing (a blank secret key keeps the stored one) is a 200 with the owner as it was', async () => {
    const before = await dbSnapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { stripeSecretKey: '' },
      headers: { cookie: anna.cookie! },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: anna.id, stripeSecretKeySet: false });
    expect(await dbSnapshot(t.database)).toEqual(before);
  });

  it('two-step setup with an empty or unknown-only body only stores a new sealed secret, not yet in use', async () => {
    const before = await dbSnapshot(t.database);
    for (const payload of Object.values(EMPTY_BODIES)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/2fa/setup',
        payload,
        headers: { cookie: anna.cookie! },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await dbSnapshot(t.database);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(['members']);
    const [row] = await queryRows<{ totp_secret: string | null; totp_enabled_at: Date | null }>(
      t.database,
      sql`select totp_secret, totp_enabled_at from members where id = ${anna.id}`,
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_enabled_at).toBeNull();
  });

  it('logout with an empty or unknown-only body ends the session and nothing else', async () => {
    const route = changingRoutes().find((r) => routeKey(r) === LOGOUT)!;
    expect(route).toBeDefined();
    for (const payload of Object.values(EMPTY_BODIES)) {
      const res = await t.app.inject({
        method: 'POST',
        url: route.path,
        payload,
        headers: { cookie: anna.cookie! },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: anna.cookie! } })).statusCode,
    ).toBe(401);
  });
});

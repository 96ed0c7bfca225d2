/**
 * Text no one types and the database cannot store (U+0000, half a UTF-16 surrogate pair): on every
 * route of the router, in the query string or anywhere in a JSON body (a value, a key, deep inside)
 * it is a Dutch 400 before the route runs, and in the path a 404 like any malformed id. Nothing is
 * written, nothing reaches the database, and a streamed CSV export never starts and breaks off.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../test/databases';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { hasUnstorableText } from '../http/unstorable-text';
import {
  appRoutes,
  dbSnapshot,
  NOW,
  ownerWithEverything,
  routeKey,
  routeUrl,
  type OwnedIds,
  type RouteKey,
} from './owner-fixtures';

/** A client address per call, so the product's per-address rate limits never answer first. */
let visitor = 0;
const nextAddress = () => `127.4.${Math.floor(++visitor / 250) % 250}.${(visitor % 250) + 1}`;

/** NUL, and a high and a low surrogate without their other half. */
const BAD_CHARS = ['\u0000', '\ud800', '\udfff'];

describe('hasUnstorableText', () => {
  it('finds NUL and half surrogate pairs in values and keys at any depth, and nothing else', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText({ a: [{ b: 'x\ud800' }] })).toBe(true);
    expect(hasUnstorableText({ 'k\u0000': 1 })).toBe(true);
    expect(hasUnstorableText(['\udfffx'])).toBe(true);
    expect(hasUnstorableText({ naam: '👩🏽‍🔬 Zoë \u202e Ǌ̀', n: 1, ok: true, none: null })).toBe(false);
    expect(hasUnstorableText(Buffer.from([0, 1, 2]))).toBe(false); // bytes of an upload, not text
    expect(hasUnstorableText(undefined)).toBe(false);
    // Deeper than a call stack goes, as a 256 kB body can be.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });
});

describe.each(dbKinds())('NUL and half surrogates on every route on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let ids: OwnedIds;
  let token: string;
  let apiKey: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    ({ owner: anna, ids, managementToken: token } = await ownerWithEverything(t, 'nul-owner'));
    // The versioned API takes a key, not the session: without one it would answer 401 first.
    const key = await anna.post('/api/api-keys', { name: 'Sweep', access: 'read-write' });
    expect(key.statusCode, key.body).toBe(201);
    apiKey = (key.json() as { key: string }).key;
    // Its first use notes when it was last used; later ones within the minute (the clock stands
    // still here) change nothing, so the sweep's "nothing changed" holds for the key's row too.
    const used = await t.app.inject({
      url: '/api/v1/services',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(used.statusCode, used.body).toBe(200);
  });
  afterAll(() => t.close());

  const send = (route: RouteKey, url: string, payload?: unknown) =>
    t.app.inject({
      method: route.method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      headers: {
        cookie: anna.cookie!,
        ...(url.startsWith('/api/v1/') ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      remoteAddress: nextAddress(),
    });
  const refused = (res: LightMyRequestResponse, what: string) => {
    expect.soft(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBe(400);
    if (res.statusCode === 400)
      expect.soft(res.json(), what).toEqual({ code: 'BAD_REQUEST', message: nl.errors.invalidCharacter });
  };
  const routes = () => appRoutes(t.app).filter((r) => r.path !== '*');
  /**
   * Routes whose body is bytes, not JSON text: the logo upload, the customer import's multipart form
   * (its file drops U+0000 when read), the card provider's signed notice (read raw for its
   * signature; a JSON body there is refused as unsigned) and Twilio's signed form posts (a JSON body
   * there is refused as no form; their form is checked like a JSON body). Their query is still checked.
   */
  const BYTES = new Set([
    'PUT /api/business-profile/logo',
    'POST /api/customers/import',
    'POST /api/payments/webhook/:param',
    'POST /api/messaging/twilio/status/:param',
    'POST /api/messaging/twilio/inbound/:param',
  ]);
  const withBody = () =>
    routes().filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && !BYTES.has(routeKey(r)));

  it('the sweep covers the whole router', () => {
    expect(routes().map(routeKey)).toEqual(
      expect.arrayContaining([
        'GET /api/bookings/export.csv',
        'POST /api/public/bookings',
        'PATCH /api/bookings/:param',
        'GET /feed/:param',
        'POST /api/closures',
      ]),
    );
    expect(routes().length).toBeGreaterThan(60);
  });

  // Only NUL survives a query string's decoding: broken UTF-8 there becomes U+FFFD.
  it(
    'a NUL in the query string: a Dutch 400 from every route, and nothing changed',
    { timeout: 180_000 },
    async () => {
      const before = await dbSnapshot(t.database);
      for (const route of routes()) {
        for (const query of ['q=Jan%00', 'from=%00', 'q=ok&%00=x'])
          refused(
            await send(route, `${routeUrl(route, ids, token)}?${query}`),
            `${routeKey(route)} ?${query}`,
          );
      }
      expect(await dbSnapshot(t.database)).toEqual(before);
    },
  );

  it(
    'a bad character anywhere in a JSON body: a Dutch 400 from every route that takes one',
    {
      timeout: 180_000,
    },
    async () => {
      const before = await dbSnapshot(t.database);
      const bodies = (bad: string): Record<string, unknown> => ({
        value: { name: `Haar${bad}` },
        deep: { customFieldResponses: { Naam: 'Jan', Opmerking: [`kort${bad}`] } },
        key: { customFieldResponses: { [`Naam${bad}`]: 'Jan' } },
      });
      for (const route of withBody()) {
        for (const bad of BAD_CHARS) {
          for (const [label, body] of Object.entries(bodies(bad))) {
            const res = await send(route, routeUrl(route, ids, token), body);
            refused(res, `${routeKey(route)} with ${JSON.stringify(bad)} as ${label}`);
          }
        }
      }
      expect(await dbSnapshot(t.database)).toEqual(before);
    },
  );

  it(
    'a NUL in the path names nothing: a Dutch 404 from every route with a parameter',
    {
      timeout: 120_000,
    },
    async () => {
      for (const route of routes().filter((r) => r.path.includes(':'))) {
        const url = route.path.replace(/:[^/]+/g, 'a%00b');
        const res = await send(route, url);
        expect.soft(res.statusCode, `${routeKey(route)} ${url} → ${res.body.slice(0, 200)}`).toBe(404);
        if (res.statusCode === 404) expect.soft(res.json().message).toBe(nl.errors.notFound);
      }
    },
  );

  it(
    'fuzz: a bad character at any place of any string of a body or query is refused (property)',
    {
      timeout: 180_000,
    },
    async () => {
      const json = fc.letrec((tie) => ({
        value: fc.oneof(
          { depthSize: 'small' },
          fc.string(),
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.array(tie('value'), { maxLength: 3 }),
          fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
        ),
      })).value;
      /** Puts `bad` into the value: into one of its strings or keys, or wraps it when it has none. */
      const poison = (value: unknown, bad: string, at: number): unknown => {
        if (typeof value === 'string') {
          const i = at % (value.length + 1);
          return value.slice(0, i) + bad + value.slice(i);
        }
        if (Array.isArray(value) && value.length)
          return value.map((v, i) => (i === at % value.length ? poison(v, bad, at) : v));
        if (value && typeof value === 'object' && Object.keys(value).length) {
          const entries = Object.entries(value);
          const k = at % entries.length;
          return Object.fromEntries(
            entries.map(([key, v], i) =>
              i === k ? (at % 2 ? [key, poison(v, bad, at)] : [poison(key, bad, at), v]) : [key, v],
            ),
          );
        }
        return { tekst: `x${bad}` };
      };
      const bodyRoutes = withBody();
      const allRoutes = routes();
      const before = await dbSnapshot(t.database);
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          json,
          fc.constantFrom(...BAD_CHARS),
          fc.nat(),
          fc.boolean(),
          fc.string({ maxLength: 12 }),
          async (pick, body, bad, at, inQuery, text) => {
            if (inQuery) {
              const route = allRoutes[pick % allRoutes.length]!;
              const i = at % (text.length + 1);
              const value = encodeURIComponent(text.slice(0, i)) + '%00' + encodeURIComponent(text.slice(i));
              const res = await send(route, `${routeUrl(route, ids, token)}?q=${value}`);
              refused(res, `${routeKey(route)} ?q=${value}`);
              return res.statusCode === 400;
            }
            const route = bodyRoutes[pick % bodyRoutes.length]!;
            const payload = poison(body, bad, at);
            const res = await send(route, routeUrl(route, ids, token), payload);
            refused(res, `${routeKey(route)} ${JSON.stringify(payload).slice(0, 200)}`);
            return res.statusCode === 400;
          },
        ),
        { numRuns: 150 },
      );
      expect(await dbSnapshot(t.database)).toEqual(before);
    },
  );

  it('the CSV export with a NUL in its search answers the 400 instead of a header and a dropped connection', async () => {
    const res = await anna.get('/api/bookings/export.csv?q=Jan%00');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: nl.errors.invalidCharacter });
    // The same search without the NUL works.
    expect((await anna.get('/api/bookings/export.csv?q=Jan')).statusCode).toBe(200);
  });
});

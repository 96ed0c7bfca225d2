import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../test/databases';
import { eventPayload, templatePayload } from '../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../test/test-app';
import {
  answers,
  appRoutes,
  dbSnapshot,
  NOW,
  ownerWithEverything,
  routeKey,
  routeUrl,
  type OwnedIds,
  type RouteKey,
} from './owner-fixtures';

const APP_ORIGIN = 'http://localhost:3000';

/** What browsers send when another site (or a sandboxed frame, or a sibling subdomain) makes the call. */
const CROSS_SITE_HEADERS: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'null' },
  { origin: `${APP_ORIGIN}.evil.example` },
  { origin: 'http://localhost:3001' },
  { origin: 'https://localhost:3000' },
  // A cross-site Sec-Fetch-Site wins over a forged-looking same Origin.
  { 'sec-fetch-site': 'cross-site', origin: APP_ORIGIN },
];
const SAME_ORIGIN_HEADERS: Record<string, string>[] = [
  {},
  { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' },
  { origin: APP_ORIGIN },
  { 'sec-fetch-site': 'none' },
];

/** A request that would succeed for the signed-in owner, so a refusal is the only reason nothing changes. */
function requestFor(route: RouteKey, ids: OwnedIds, token: string): { url: string; payload?: object } {
  const url = routeUrl(route, ids, token);
  const bodies: Record<string, object> = {
    'POST /api/register': { username: 'csrf-nieuw', password: 'geheim123' },
    'POST /api/login': { username: 'csrf-owner', password: 'geheim123' },
    'POST /api/password-reset': { usernameOrEmail: 'csrf-owner' },
    'POST /api/password-reset/:param': { newPassword: 'overgenomen' },
    'PATCH /api/user/profile': { email: 'overgenomen@evil.example' },
    'PATCH /api/user/password': { currentPassword: 'geheim123', newPassword: 'overgenomen' },
    'PATCH /api/user/settings': { stripePublicKey: 'pk_evil', stripeSecretKey: 'sk_evil' },
    'DELETE /api/user': { password: 'geheim123' },
    'POST /api/email-settings': { provider: 'smtp', smtp: { host: 'smtp.evil.example', port: 25 } },
    'PATCH /api/business-profile': { name: 'Overgenomen', publicSlug: 'overgenomen' },
    'POST /api/customers/erase': { email: 'klant@example.nl' },
    'POST /api/events': eventPayload({ title: 'Ingeschoven' }),
    'PATCH /api/events/:param': { title: 'Overgenomen' },
    'POST /api/events/:param/webhooks': { name: 'Spion', url: 'https://evil.example/hook' },
    'PATCH /api/webhooks/:param': { url: 'https://evil.example/hook' },
    'POST /api/event-categories': { name: 'Ingeschoven' },
    'PATCH /api/event-categories/:param': { name: 'Overgenomen' },
    'POST /api/templates': templatePayload({ templateName: 'Ingeschoven' }),
    'PATCH /api/templates/:param': templatePayload({ templateName: 'Overgenomen' }),
    'POST /api/email-templates': {
      templateType: 'reminder',
      subject: 'Ingeschoven',
      htmlBody: '<p>x</p>',
      reminderTiming: { unit: 'hours', value: 2 },
    },
    'PATCH /api/email-templates/:param': {
      templateType: 'confirmation',
      subject: 'Overgenomen',
      htmlBody: '<p>x</p>',
    },
    'PATCH /api/bookings/:param': { status: 'cancelled' },
    'POST /api/bookings/series': {
      eventId: ids.eventId,
      date: '2026-12-07',
      time: '15:00',
      every: '1w',
      count: 2,
      customerName: 'Ingeschoven',
    },
    'POST /api/class-sessions/:param/message': { subject: 'Overgenomen', message: 'Ingeschoven' },
    'POST /api/agendas/:param/absences': { startDate: '2026-12-14', endDate: '2026-12-14' },
    'POST /api/public/bookings': {
      eventId: ids.eventId,
      bookingDate: '2026-12-04',
      bookingTime: '15:00',
      customFieldResponses: answers('Ingeschoven'),
    },
    'PATCH /api/public/bookings/manage/:param': { bookingDate: '2026-12-04', bookingTime: '16:00' },
    'POST /api/public/visits': {
      services: [{ eventId: ids.eventId }],
      date: '2026-12-04',
      time: '14:00',
      answers: answers('Ingeschoven'),
    },
    'POST /api/public/events/:param/payment-quote': { customerEmail: 'klant@example.nl' },
    'POST /api/create-payment-intent': {
      eventId: ids.eventId,
      bookingDate: '2026-12-04',
      bookingTime: '16:30',
      customFieldResponses: answers('Ingeschoven'),
    },
  };
  const payload = bodies[routeKey(route)];
  return { url, ...(payload ? { payload } : {}) };
}

describe.each(dbKinds())('cross-site request refusal on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let ids: OwnedIds;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    ({ owner: anna, ids, managementToken: token } = await ownerWithEverything(t, 'csrf-owner'));
  });
  afterAll(() => t.close());

  // The versioned API (/api/v1) reads no cookie, only an API key, so another site has nothing to
  // ride on: it is open to every origin (public-api.api.test.ts), and its routes are not swept here.
  const stateChanging = () =>
    appRoutes(t.app).filter(
      (r) =>
        r.path.startsWith('/api/') &&
        !r.path.startsWith('/api/v1/') &&
        !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
    );

  it('refuses every state-changing API route called from another site, with the Dutch 403, changing nothing', async () => {
    const routes = stateChanging();
    // The sweep covers the whole router: owner, public, auth and Google routes alike.
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'DELETE /api/events/:param',
        'POST /api/public/bookings',
        'POST /api/public/visits',
        'DELETE /api/public/bookings/manage/:param',
        'PATCH /api/user/password',
      ]),
    );
    expect(routes.length).toBeGreaterThan(25);
    const before = await dbSnapshot(t.database);
    const sessionBefore = anna.cookie;
    for (const route of routes) {
      const { url, payload } = requestFor(route, ids, token);
      for (const headers of CROSS_SITE_HEADERS) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          ...(payload ? { payload } : {}),
          headers: { cookie: anna.cookie!, ...headers },
          remoteAddress: '198.51.100.7',
        });
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ code: 'CROSS_SITE', message: nl.errors.forbiddenCrossSite });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect(await dbSnapshot(t.database)).toEqual(before);
    expect((await anna.get('/api/user')).statusCode).toBe(200);
    expect(anna.cookie).toBe(sessionBefore);
  });

  it('lets same-origin browsers and header-less clients make the same calls', async () => {
    for (const headers of SAME_ORIGIN_HEADERS) {
      const category = await anna.post(
        '/api/event-categories',
        { name: `Eigen ${Object.keys(headers).join('+') || 'curl'}` },
        headers,
      );
      expect(category.statusCode, category.body).toBe(201);
      expect(
        (await anna.patch(`/api/events/${ids.eventId}`, { title: 'Eigen titel' }, headers)).statusCode,
      ).toBe(200);
      expect((await anna.delete(`/api/event-categories/${category.json().id}`, headers)).statusCode).toBe(
        200,
      );
    }
    const visitor = agent(t.app);
    const times = ['09:00', '09:30', '10:30', '11:00'];
    for (const [i, headers] of SAME_ORIGIN_HEADERS.entries()) {
      const booked = await visitor.post(
        '/api/public/bookings',
        {
          eventId: ids.eventId,
          bookingDate: '2026-12-03',
          bookingTime: times[i],
          customFieldResponses: answers(`Bezoeker ${i}`),
        },
        headers,
      );
      expect(booked.statusCode, booked.body).toBe(201);
      const manage = `/api/public/bookings/manage/${booked.json().managementToken}`;
      expect(
        (
          await visitor.patch(
            manage,
            { bookingDate: '2026-12-03', bookingTime: ['13:00', '13:30', '14:00', '14:30'][i] },
            headers,
          )
        ).statusCode,
      ).toBe(200);
      expect((await visitor.delete(manage, headers)).statusCode).toBe(200);
    }
    const loggedIn = agent(t.app);
    for (const headers of SAME_ORIGIN_HEADERS) {
      expect(
        (await loggedIn.post('/api/login', { username: 'csrf-owner', password: 'geheim123' }, headers))
          .statusCode,
      ).toBe(200);
      expect((await loggedIn.post('/api/logout', undefined, headers)).statusCode).toBe(200);
    }
  });

  it('answers cross-site reads without CORS grants, so another site cannot read them', async () => {
    for (const url of ['/api/user', '/api/events', `/api/public/bookings/manage/${token}`]) {
      const res = await anna.get(url, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/events',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'DELETE',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe.each(dbKinds())('cross-site refusal behind https on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW, env: { APP_URL: 'https://afspraken.example' } });
  });
  afterAll(() => t.close());

  it('accepts the public https origin and refuses its plain-http twin', async () => {
    const creds = { username: 'https-owner', password: 'geheim123' };
    const downgraded = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: creds,
      headers: { origin: 'http://afspraken.example' },
    });
    expect(downgraded.statusCode).toBe(403);
    const sibling = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: creds,
      headers: { origin: 'https://shop.afspraken.example' },
    });
    expect(sibling.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: creds,
      headers: { origin: 'https://afspraken.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { nl } from '@contracts/messages';
import { dbKinds } from '../test/databases';
import { eventPayload, templatePayload } from '../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../test/test-app';
import { appRoutes, dbSnapshot, NOW, ownerWithEverything, routeKey, type OwnedIds } from './owner-fixtures';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call of an owner route on some owner's ids, with a body the route would accept. */
interface OwnerRouteCase {
  method: Method;
  /** The route as registered, so the guard below can match it against the router. */
  route: string;
  url: (ids: OwnedIds) => string;
  body?: (ids: OwnedIds) => unknown;
  /** The Dutch message of the 404 another owner gets. */
  notFound: string;
  /**
   * What the owner's own call answers when it is not a 2xx: deciding the fixture's booking, which is
   * confirmed and no request, is a 409 (found, nothing to decide; approvals.api.test.ts decides requests).
   */
  ownStatus?: number;
}

const e = nl.eventRules;

/**
 * Every owner route that names a resource by id in its path. Mutating calls come after reads, and
 * deletes last in dependency order, so the owner can replay the whole table on their own ids.
 */
const OWNER_ROUTES: OwnerRouteCase[] = [
  {
    method: 'GET',
    route: '/api/events/:id',
    url: (i) => `/api/events/${i.eventId}`,
    notFound: e.eventNotFound,
  },
  {
    method: 'GET',
    route: '/api/events/:id/fields',
    url: (i) => `/api/events/${i.eventId}/fields`,
    notFound: e.eventNotFound,
  },
  {
    method: 'GET',
    route: '/api/events/:id/webhooks',
    url: (i) => `/api/events/${i.eventId}/webhooks`,
    notFound: e.eventNotFound,
  },
  {
    method: 'GET',
    route: '/api/webhooks/:id/deliveries',
    url: (i) => `/api/webhooks/${i.webhookId}/deliveries`,
    notFound: e.webhookNotFound,
  },
  {
    method: 'GET',
    route: '/api/bookings/:id',
    url: (i) => `/api/bookings/${i.bookingId}`,
    notFound: nl.ownerBookings.notFound,
  },
  {
    method: 'GET',
    route: '/api/bookings/:id/slots',
    url: (i) => `/api/bookings/${i.bookingId}/slots?date=2026-12-03`,
    notFound: nl.ownerBookings.notFound,
  },
  {
    method: 'GET',
    route: '/api/class-sessions/:id',
    url: (i) => `/api/class-sessions/${i.classSessionId}`,
    notFound: nl.classAttendees.notFound,
  },
  {
    method: 'POST',
    route: '/api/class-sessions/:id/message',
    url: (i) => `/api/class-sessions/${i.classSessionId}/message`,
    body: () => ({ subject: 'Overgenomen', message: 'Ingeschoven' }),
    notFound: nl.classAttendees.notFound,
  },
  {
    method: 'GET',
    route: '/api/templates/:id',
    url: (i) => `/api/templates/${i.templateId}`,
    notFound: e.templateNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/events/:id',
    url: (i) => `/api/events/${i.eventId}`,
    body: () => ({ title: 'Overgenomen', themeColor: '#000000' }),
    notFound: e.eventNotFound,
  },
  {
    method: 'POST',
    route: '/api/events/:id/webhooks',
    url: (i) => `/api/events/${i.eventId}/webhooks`,
    body: () => ({ name: 'Spion', url: 'https://evil.example/hook' }),
    notFound: e.eventNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/webhooks/:id',
    url: (i) => `/api/webhooks/${i.webhookId}`,
    body: () => ({ url: 'https://evil.example/hook', isActive: true }),
    notFound: e.webhookNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/event-categories/:id',
    url: (i) => `/api/event-categories/${i.categoryId}`,
    body: () => ({ name: 'Overgenomen', color: '#000000' }),
    notFound: e.categoryNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/agendas/:id',
    url: (i) => `/api/agendas/${i.agendaId}`,
    body: () => ({ name: 'Overgenomen' }),
    notFound: nl.agendas.notFound,
  },
  {
    method: 'GET',
    route: '/api/agendas/:id/absences',
    url: (i) => `/api/agendas/${i.agendaId}/absences`,
    notFound: nl.agendas.notFound,
  },
  {
    method: 'POST',
    route: '/api/agendas/:id/absences',
    url: (i) => `/api/agendas/${i.agendaId}/absences`,
    body: () => ({ startDate: '2026-12-14', endDate: '2026-12-14', reason: 'Overgenomen' }),
    notFound: nl.agendas.notFound,
  },
  {
    method: 'PATCH',
    route: '/api/templates/:id',
    url: (i) => `/api/templates/${i.templateId}`,
    body: () => templatePayload({ templateName: 'Overgenomen' }),
    notFound: e.templateNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/email-templates/:id',
    url: (i) => `/api/email-templates/${i.emailTemplateId}`,
    body: () => ({ templateType: 'confirmation', subject: 'Overgenomen', htmlBody: '<p>Overgenomen</p>' }),
    notFound: nl.emailTemplates.notFound,
  },
  {
    method: 'PATCH',
    route: '/api/bookings/:id',
    url: (i) => `/api/bookings/${i.bookingId}`,
    body: () => ({ bookingDate: '2026-12-03', bookingTime: '11:00' }),
    notFound: nl.ownerBookings.notFound,
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/approve',
    url: (i) => `/api/bookings/${i.bookingId}/approve`,
    body: () => ({}),
    notFound: nl.ownerBookings.notFound,
    ownStatus: 409,
  },
  {
    method: 'POST',
    route: '/api/bookings/:id/decline',
    url: (i) => `/api/bookings/${i.bookingId}/decline`,
    body: () => ({ reason: 'Overgenomen' }),
    notFound: nl.ownerBookings.notFound,
    ownStatus: 409,
  },
  {
    method: 'PATCH',
    route: '/api/bookings/:id',
    url: (i) => `/api/bookings/${i.bookingId}`,
    body: () => ({ status: 'cancelled' }),
    notFound: nl.ownerBookings.notFound,
  },
  // After the cancel above: the booked time is free to offer to the one waiting for it.
  {
    method: 'POST',
    route: '/api/waitlist/:id/offer',
    url: (i) => `/api/waitlist/${i.waitlistEntryId}/offer`,
    body: () => ({}),
    notFound: nl.waitlist.entryNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/waitlist/:id',
    url: (i) => `/api/waitlist/${i.waitlistEntryId}`,
    notFound: nl.waitlist.entryNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/webhooks/:id',
    url: (i) => `/api/webhooks/${i.webhookId}`,
    notFound: e.webhookNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/bookings/:id',
    url: (i) => `/api/bookings/${i.bookingId}`,
    notFound: nl.ownerBookings.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/email-templates/:id',
    url: (i) => `/api/email-templates/${i.emailTemplateId}`,
    notFound: nl.emailTemplates.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/templates/:id',
    url: (i) => `/api/templates/${i.templateId}`,
    notFound: e.templateNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/event-categories/:id',
    url: (i) => `/api/event-categories/${i.categoryId}`,
    notFound: e.categoryNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/closures/:id',
    url: (i) => `/api/closures/${i.closureId}`,
    notFound: nl.closures.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/agendas/:id/absences/:absenceId',
    url: (i) => `/api/agendas/${i.agendaId}/absences/${i.absenceId}`,
    notFound: nl.agendas.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/agendas/:id',
    url: (i) => `/api/agendas/${i.agendaId}`,
    notFound: nl.agendas.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/events/:id',
    url: (i) => `/api/events/${i.eventId}`,
    notFound: e.eventNotFound,
  },
  {
    method: 'PATCH',
    route: '/api/team/:id',
    url: (i) => `/api/team/${i.memberId}`,
    body: () => ({ name: 'Overgenomen' }),
    notFound: nl.team.memberNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/team/invitations/:id',
    url: (i) => `/api/team/invitations/${i.invitationId}`,
    notFound: nl.team.invitationNotFound,
  },
  {
    method: 'DELETE',
    route: '/api/team/:id',
    url: (i) => `/api/team/${i.memberId}`,
    notFound: nl.team.memberNotFound,
  },
  {
    method: 'GET',
    route: '/api/customers/:id',
    url: (i) => `/api/customers/${i.customerId}`,
    notFound: nl.customers.notFound,
  },
  {
    method: 'PATCH',
    route: '/api/customers/:id',
    url: (i) => `/api/customers/${i.customerId}`,
    body: () => ({ tags: ['overgenomen'] }),
    notFound: nl.customers.notFound,
  },
  {
    method: 'POST',
    route: '/api/customers/:id/notes',
    url: (i) => `/api/customers/${i.customerId}/notes`,
    body: () => ({ text: 'Overgenomen' }),
    notFound: nl.customers.notFound,
  },
  {
    method: 'PATCH',
    route: '/api/customers/:id/notes/:noteId',
    url: (i) => `/api/customers/${i.customerId}/notes/${i.customerNoteId}`,
    body: () => ({ text: 'Overgenomen' }),
    notFound: nl.customers.notFound,
  },
  {
    method: 'POST',
    route: '/api/customers/:id/block',
    url: (i) => `/api/customers/${i.customerId}/block`,
    body: () => ({ reason: 'Overgenomen' }),
    notFound: nl.customers.notFound,
  },
  {
    method: 'POST',
    route: '/api/customers/:id/unblock',
    url: (i) => `/api/customers/${i.customerId}/unblock`,
    notFound: nl.customers.notFound,
  },
  {
    method: 'POST',
    route: '/api/customers/:id/merge',
    url: (i) => `/api/customers/${i.customerId}/merge`,
    body: (i) => ({ otherId: i.otherCustomerId }),
    notFound: nl.customers.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/customers/:id/notes/:noteId',
    url: (i) => `/api/customers/${i.customerId}/notes/${i.customerNoteId}`,
    notFound: nl.customers.notFound,
  },
  {
    method: 'DELETE',
    route: '/api/api-keys/:id',
    url: (i) => `/api/api-keys/${i.apiKeyId}`,
    notFound: nl.apiKeys.notFound,
  },
  // Last: the owner hands the eigenaar's role over on their own ids (and is a beheerder after it).
  {
    method: 'POST',
    route: '/api/team/:id/make-owner',
    url: (i) => `/api/team/${i.heirId}/make-owner`,
    body: () => ({ password: 'geheim123' }),
    notFound: nl.team.memberNotFound,
  },
];

/**
 * Routes with a path parameter that are public by design: the booking pages (event by slug or id)
 * and the manage link (its token is the credential). Anything else with a parameter is an owner route.
 */
const PUBLIC_PARAM_ROUTES = [
  'GET /api/public/approvals/:token',
  'POST /api/public/approvals/:token',
  'GET /api/public/waitlist/:token',
  'DELETE /api/public/waitlist/:token',
  'POST /api/public/waitlist/:token/claim',
  'GET /api/public/events/:slug',
  'GET /api/public/events/:slug/fields',
  'GET /api/public/events/:eventId/bookings/:date',
  'GET /api/public/events/:eventId/availability',
  'GET /api/public/events/:eventId/stripe-public-key',
  'POST /api/public/events/:eventId/payment-quote',
  'GET /api/public/bookings/manage/:token',
  'PATCH /api/public/bookings/manage/:token',
  'DELETE /api/public/bookings/manage/:token',
  // The booking as a calendar file: the same token is the credential (manage-ics.api.test.ts).
  'GET /api/public/bookings/manage/:token/ics',
  // The month for moving a visit: the visit's manage token is the credential (visit-manage.api.test.ts).
  'GET /api/public/bookings/manage/:token/visit-availability',
  // A payment hold given back or extended: the hold's own manage token is the credential
  // (hold-release-extend.api.test.ts).
  'POST /api/public/payment-holds/:token/release',
  'POST /api/public/payment-holds/:token/extend',
  // The provider's webhook: the owner's endpoint secret signs it (payment-webhook.api.test.ts).
  'POST /api/payments/webhook/:ownerId',
  // The text-message providers' callbacks: the owner's path token is the credential, Twilio's signed
  // as well, and a message of another owner is not found with it (text-callbacks.api.test.ts).
  'POST /api/messaging/twilio/status/:token',
  'POST /api/messaging/twilio/inbound/:token',
  'GET /api/messaging/messagebird/report/:token',
  // A password reset link: its token is the credential (password-reset.api.test.ts).
  'GET /api/password-reset/:token',
  'POST /api/password-reset/:token',
  // A business's logo, shown on its public pages; it holds nothing else (business-profile.api.test.ts).
  'GET /api/public/logos/:ownerId',
  // The business page: what the owner publishes to anyone, by its public address (business-page.api.test.ts).
  'GET /api/public/owners/:publicSlug',
  // A team invitation link: its token is the credential (modules/team/invitations.api.test.ts).
  'GET /api/public/invitations/:token',
  'POST /api/public/invitations/:token/accept',
  // The versioned API: a business's key is the credential, not the session, and another business's
  // booking, service or customer is not found with it (modules/public-api/public-api.api.test.ts,
  // public-api-writes.api.test.ts, public-api-customers.api.test.ts).
  'GET /api/v1/bookings/:id',
  'PATCH /api/v1/bookings/:id',
  'POST /api/v1/bookings/:id/cancel',
  'POST /api/v1/bookings/:id/no-show',
  'GET /api/v1/services/:id/availability',
  'GET /api/v1/customers/:id',
  // Another business's hook is not found with a key (modules/public-api/hooks.api.test.ts).
  'DELETE /api/v1/hooks/:id',
];

const label = (c: OwnerRouteCase) =>
  `${c.method} ${c.route}${c.body ? ` ${JSON.stringify(c.body({} as OwnedIds)).slice(0, 40)}` : ''}`;

function call(a: Agent, c: OwnerRouteCase, ids: OwnedIds) {
  const url = c.url(ids);
  const body = c.body?.(ids);
  switch (c.method) {
    case 'GET':
      return a.get(url);
    case 'POST':
      return a.post(url, body);
    case 'PATCH':
      return a.patch(url, body);
    case 'DELETE':
      return a.delete(url);
  }
}

describe.each(dbKinds())('owner isolation on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let annaIds: OwnedIds;
  let annaCustomer: string;
  let mallory: Agent & { id: string };
  let malloryIds: OwnedIds;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    ({ owner: anna, ids: annaIds, customerName: annaCustomer } = await ownerWithEverything(t, 'anna-iso'));
    ({ owner: mallory, ids: malloryIds } = await ownerWithEverything(t, 'mallory-iso'));
  });
  afterAll(() => t.close());

  it('has every owner route with an id in the table (a new route must be added here)', () => {
    const routes = appRoutes(t.app);
    // The parser must really see the router, or the guard would pass on nothing.
    expect(routes.map(routeKey)).toContain('GET /api/events/:param');
    expect(routes.length).toBeGreaterThan(40);
    const withParams = routes.filter((r) => r.path.startsWith('/api/') && r.path.includes(':')).map(routeKey);
    const known = new Set([
      ...OWNER_ROUTES.map((c) => routeKey({ method: c.method, path: c.route })),
      ...PUBLIC_PARAM_ROUTES.map((r) => routeKey({ method: r.split(' ')[0]!, path: r.split(' ')[1]! })),
    ]);
    expect(withParams.filter((r) => !known.has(r))).toEqual([]);
    // And no table row names a route that no longer exists.
    expect([...known].filter((k) => !withParams.includes(k))).toEqual([]);
  });

  it.each(OWNER_ROUTES.map((c) => [label(c), c] as const))(
    'answers 401 without a session: %s',
    async (_name, c) => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(annaIds),
        ...(c.body ? { payload: c.body(annaIds) as object } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: nl.errors.unauthorized });
    },
  );

  it.each(OWNER_ROUTES.map((c) => [label(c), c] as const))(
    'answers another owner 404 exactly as for an unknown id, changing nothing: %s',
    async (_name, c) => {
      const before = await dbSnapshot(t.database);
      const res = await call(mallory, c, annaIds);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: c.notFound });
      // Same answer as for an id that exists nowhere: the 404 tells nothing about Anna's data.
      const unknown = Object.fromEntries(
        Object.keys(annaIds).map((k) => [k, k === 'fieldIds' ? [] : randomUUID()]),
      ) as unknown as OwnedIds;
      const miss = await call(mallory, c, unknown);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual(res.json());
      expect(await dbSnapshot(t.database)).toEqual(before);
    },
  );

  it('refuses ids of another owner inside bodies and filters, changing nothing', async () => {
    const before = await dbSnapshot(t.database);
    const foreignCategory = await mallory.post(
      '/api/events',
      eventPayload({ title: 'Met vreemde categorie', categoryId: annaIds.categoryId }),
    );
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json().message).toBe(e.categoryNotFound);
    const patchCategory = await mallory.patch(`/api/events/${malloryIds.eventId}`, {
      categoryId: annaIds.categoryId,
    });
    expect(patchCategory.statusCode).toBe(400);
    expect(patchCategory.json().message).toBe(e.categoryNotFound);

    const foreignAgenda = await mallory.patch(`/api/events/${malloryIds.eventId}`, {
      agendaIds: [annaIds.agendaId],
    });
    expect(foreignAgenda.statusCode).toBe(400);
    expect(foreignAgenda.json().message).toBe(nl.agendas.unknown);
    const bookForeignAgenda = await agent(t.app).post('/api/public/bookings', {
      eventId: malloryIds.eventId,
      bookingDate: '2026-12-03',
      bookingTime: '10:00',
      customFieldResponses: { Naam: 'Kees', 'E-mail': 'kees@example.nl' },
      agendaId: annaIds.agendaId,
    });
    expect(bookForeignAgenda.statusCode).toBe(400);
    expect(bookForeignAgenda.json().message).toBe(nl.booking.agendaNotOffered);

    expect((await mallory.get(`/api/bookings?eventId=${annaIds.eventId}`)).json()).toEqual([]);
    expect((await mallory.get(`/api/bookings?agendaId=${annaIds.agendaId}`)).json()).toEqual([]);
    const lists = await Promise.all(
      [
        '/api/events',
        '/api/bookings',
        '/api/templates',
        '/api/event-categories',
        '/api/agendas',
        '/api/agenda-absences?from=2026-12-01&to=2026-12-31',
        '/api/email-templates',
        '/api/dashboard',
        '/api/analytics',
      ].map((u) => mallory.get(u)),
    );
    for (const res of lists) {
      expect(res.statusCode, res.body).toBe(200);
      for (const id of [
        annaIds.eventId,
        annaIds.categoryId,
        annaIds.agendaId,
        annaIds.templateId,
        annaIds.emailTemplateId,
        annaIds.bookingId,
        annaIds.absenceId,
        anna.id,
      ])
        expect(res.body).not.toContain(id);
      expect(res.body).not.toContain(annaCustomer);
    }
    expect(await dbSnapshot(t.database)).toEqual(before);
  });

  it('treats custom field ids of another owner’s event as new fields, leaving theirs alone', async () => {
    const annaFields = (await anna.get(`/api/events/${annaIds.eventId}/fields`)).body;
    const res = await mallory.patch(`/api/events/${malloryIds.eventId}`, {
      customFields: [
        { id: annaIds.fieldIds[0], fieldName: 'Gekaapt', fieldType: 'text', isRequired: true, order: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await anna.get(`/api/events/${annaIds.eventId}/fields`)).body).toBe(annaFields);
    const malloryFields = (await mallory.get(`/api/events/${malloryIds.eventId}/fields`)).json() as {
      id: string;
      fieldName: string;
    }[];
    expect(malloryFields.map((f) => f.fieldName)).toEqual(['Gekaapt']);
    expect(malloryFields[0]!.id).not.toBe(annaIds.fieldIds[0]);
  });

  it('lets the owner make every one of those calls on their own ids (the ids in the table are live)', async () => {
    const webhookDeliveries = (
      await anna.get(`/api/webhooks/${annaIds.webhookId}/deliveries`)
    ).json() as unknown[];
    expect(webhookDeliveries).toHaveLength(1); // the booking's webhook: there was something to leak
    for (const c of OWNER_ROUTES) {
      const res = await call(anna, c, annaIds);
      if (c.ownStatus) expect(res.statusCode, `${label(c)}: ${res.body}`).toBe(c.ownStatus);
      else expect(res.statusCode, `${label(c)}: ${res.body}`).toBeLessThan(300);
    }
    expect((await anna.get(`/api/events/${annaIds.eventId}`)).statusCode).toBe(404);
  });
});

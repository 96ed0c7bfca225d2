/**
 * The four roles against the whole router (docs/PRODUCT.md#roles): every route of the app × every
 * role gives the answer this file expects. The expected table below is written by hand, per route the
 * roles that may use it, independently of http/route-permissions.ts and core/permissions.ts: a
 * change to either that opens or closes a route for a role fails here until it is made on purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MemberRole } from '@core/permissions';
import { MEMBER_ROLES } from '@core/permissions';
import { nl } from '@contracts/messages';
import { activityLog, bookingHistory } from '../db/schema';
import { inPermissionTable, ROUTE_PERMISSIONS } from '../http/route-permissions';
import { hashPassword } from '../modules/auth/password';
import { membersRepo } from '../modules/team/members.repo';
import { dbKinds } from '../test/databases';
import { eventPayload, templatePayload } from '../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../test/test-app';
import {
  answers,
  appRoutes,
  NOW,
  ownerWithEverything,
  routeKey,
  routeUrl,
  type OwnedIds,
  type RouteKey,
} from './owner-fixtures';

const ALL: readonly MemberRole[] = ['eigenaar', 'beheerder', 'receptie', 'medewerker'];
const DESK: readonly MemberRole[] = ['eigenaar', 'beheerder', 'receptie'];
const MANAGERS: readonly MemberRole[] = ['eigenaar', 'beheerder'];
const OWNER: readonly MemberRole[] = ['eigenaar'];

/** Per route, who may use it ('public': no sign-in at all, not swept here). */
const EXPECTED: Record<string, readonly MemberRole[] | 'public'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/login/2fa': 'public',
  'POST /api/logout': 'public',
  'POST /api/password-reset': 'public',
  'GET /api/password-reset/:token': 'public',
  'POST /api/password-reset/:token': 'public',
  'POST /api/payments/webhook/:ownerId': 'public',
  'GET /api/public/events/:slug': 'public',
  'GET /api/public/events/:slug/fields': 'public',
  'GET /api/public/events/:eventId/bookings/:date': 'public',
  'GET /api/public/events/:eventId/availability': 'public',
  'GET /api/public/events/:eventId/stripe-public-key': 'public',
  'POST /api/public/events/:eventId/payment-quote': 'public',
  'POST /api/public/bookings': 'public',
  'GET /api/public/bookings/manage/:token': 'public',
  'PATCH /api/public/bookings/manage/:token': 'public',
  'DELETE /api/public/bookings/manage/:token': 'public',
  'GET /api/public/bookings/manage/:token/ics': 'public',
  'GET /api/public/bookings/manage/:token/visit-availability': 'public',
  'GET /api/public/visits/availability': 'public',
  'POST /api/public/visits': 'public',
  'POST /api/public/visits/quote': 'public',
  'POST /api/public/visits/payment-intent': 'public',
  'POST /api/public/waitlist': 'public',
  'GET /api/public/waitlist/:token': 'public',
  'GET /api/public/approvals/:token': 'public',
  'POST /api/public/approvals/:token': 'public',
  'DELETE /api/public/waitlist/:token': 'public',
  'POST /api/public/waitlist/:token/claim': 'public',
  'GET /api/public/owners/:publicSlug': 'public',
  'POST /api/public/payment-holds/:token/release': 'public',
  'POST /api/public/payment-holds/:token/extend': 'public',
  'GET /api/public/logos/:ownerId': 'public',
  'GET /api/public/invitations/:token': 'public',
  'POST /api/public/invitations/:token/accept': 'public',
  'POST /api/create-payment-intent': 'public',
  'POST /api/google/notifications': 'public',
  'GET /feed/:file': 'public',
  'POST /api/messaging/twilio/status/:token': 'public',
  'POST /api/messaging/twilio/inbound/:token': 'public',
  'GET /api/messaging/messagebird/report/:token': 'public',
  'GET /m/:token': 'public',

  // Everyone's own account; deleting the business is the eigenaar's alone.
  'GET /api/user': ALL,
  'PATCH /api/user/profile': ALL,
  'PATCH /api/user/password': ALL,
  'POST /api/user/2fa/setup': ALL,
  'POST /api/user/2fa/enable': ALL,
  'POST /api/user/2fa/disable': ALL,
  'GET /api/user/deletion-summary': OWNER,
  'DELETE /api/user': OWNER,

  // Bookings: everyone (a medewerker scoped to their agendas); by hand the desk; removal and export
  // the managers.
  'GET /api/bookings': ALL,
  'GET /api/bookings/:id': ALL,
  'PATCH /api/bookings/:id': ALL,
  'GET /api/bookings/:id/slots': ALL,
  'GET /api/bookings/requests': ALL,
  'POST /api/bookings/:id/approve': ALL,
  'POST /api/bookings/:id/decline': ALL,
  'DELETE /api/bookings/:id': MANAGERS,
  'POST /api/bookings': DESK,
  'POST /api/bookings/series/check': DESK,
  'POST /api/bookings/series': DESK,
  'GET /api/class-sessions/:id': ALL,
  'POST /api/class-sessions/:id/message': ALL,
  'GET /api/waitlist': DESK,
  'DELETE /api/waitlist/:id': DESK,
  'POST /api/waitlist/:id/offer': DESK,
  'GET /api/bookings/slots': DESK,
  'GET /api/bookings/export.csv': MANAGERS,
  'GET /api/agendas': ALL,
  'GET /api/agendas/:id/absences': ALL,
  'GET /api/agenda-absences': ALL,
  'GET /api/closures': ALL,
  'GET /api/closures/holidays': ALL,

  // Services: read by everyone (to book by hand, to move within a service's rules), managed by the
  // managers.
  'GET /api/events': ALL,
  'GET /api/events/:id': ALL,
  'GET /api/events/:id/fields': ALL,
  'GET /api/event-categories': ALL,
  'POST /api/events': MANAGERS,
  'PATCH /api/events/:id': MANAGERS,
  'DELETE /api/events/:id': MANAGERS,
  'POST /api/event-categories': MANAGERS,
  'PATCH /api/event-categories/:id': MANAGERS,
  'DELETE /api/event-categories/:id': MANAGERS,
  'GET /api/templates': MANAGERS,
  'POST /api/templates': MANAGERS,
  'GET /api/templates/:id': MANAGERS,
  'PATCH /api/templates/:id': MANAGERS,
  'DELETE /api/templates/:id': MANAGERS,
  'GET /api/email-templates': MANAGERS,
  'POST /api/email-templates': MANAGERS,
  'PATCH /api/email-templates/:id': MANAGERS,
  'DELETE /api/email-templates/:id': MANAGERS,
  'POST /api/agendas': MANAGERS,
  'PATCH /api/agendas/:id': MANAGERS,
  'DELETE /api/agendas/:id': MANAGERS,
  'POST /api/agendas/:id/absences': MANAGERS,
  'DELETE /api/agendas/:id/absences/:absenceId': MANAGERS,
  'POST /api/closures': MANAGERS,
  'DELETE /api/closures/:id': MANAGERS,

  // Figures: the dashboard for everyone (without revenue below the managers), statistics not.
  'GET /api/dashboard': ALL,
  'GET /api/analytics': MANAGERS,

  // Customers' data. Every member sees customers (a medewerker those of their own agendas).
  'GET /api/customers/export': MANAGERS,
  'POST /api/customers/erase': MANAGERS,
  'GET /api/customers/export.csv': MANAGERS,
  'POST /api/customers/import': DESK,
  'GET /api/customers': ALL,
  'POST /api/customers': DESK,
  'GET /api/customers/follow-ups': ALL,
  'GET /api/customers/:id': ALL,
  'PATCH /api/customers/:id': DESK,
  'POST /api/customers/:id/notes': ALL,
  'PATCH /api/customers/:id/notes/:noteId': ALL,
  'DELETE /api/customers/:id/notes/:noteId': ALL,
  'POST /api/customers/:id/merge': DESK,
  'POST /api/customers/:id/block': DESK,
  'POST /api/customers/:id/unblock': DESK,

  // Instellingen.
  'PATCH /api/user/settings': MANAGERS,
  'GET /api/email-settings': MANAGERS,
  'POST /api/email-settings': MANAGERS,
  'POST /api/email-settings/test': MANAGERS,
  'GET /api/messaging': MANAGERS,
  'PUT /api/messaging': MANAGERS,
  'DELETE /api/messaging': MANAGERS,
  'POST /api/messaging/test': MANAGERS,
  'GET /api/email-status': MANAGERS,
  'GET /api/business-profile': MANAGERS,
  'PATCH /api/business-profile': MANAGERS,
  'PUT /api/business-profile/logo': MANAGERS,
  'DELETE /api/business-profile/logo': MANAGERS,
  'GET /api/calendar-feed': MANAGERS,
  'POST /api/calendar-feed': MANAGERS,
  'DELETE /api/calendar-feed': MANAGERS,
  'GET /api/google-calendar/calendars': MANAGERS,
  'POST /api/google/sync-now': MANAGERS,
  'GET /api/google/auth': MANAGERS,
  'GET /api/google/callback': MANAGERS,
  'GET /api/gmail/callback': MANAGERS,
  'POST /api/google/disconnect': MANAGERS,
  'GET /api/gmail/auth': MANAGERS,
  'POST /api/gmail/disconnect': MANAGERS,
  'GET /api/events/:id/webhooks': MANAGERS,
  'POST /api/events/:id/webhooks': MANAGERS,
  'PATCH /api/webhooks/:id': MANAGERS,
  'DELETE /api/webhooks/:id': MANAGERS,
  'GET /api/webhooks/:id/deliveries': MANAGERS,

  // The team: managed by the managers, roles and the 2-step rule by the eigenaar.
  'GET /api/team': MANAGERS,
  'POST /api/team/invitations': MANAGERS,
  'DELETE /api/team/invitations/:id': MANAGERS,
  'PATCH /api/team/settings': OWNER,
  'PATCH /api/team/:id': MANAGERS,
  'DELETE /api/team/:id': MANAGERS,
  'POST /api/team/:id/make-owner': OWNER,
  'GET /api/activity': MANAGERS,
  'GET /api/api-keys': MANAGERS,
  'POST /api/api-keys': MANAGERS,
  'DELETE /api/api-keys/:id': MANAGERS,
  // The versioned API's reference page: drawn from its OpenAPI document, nothing of a business.
  'GET /api/docs': 'public',
};

/**
 * Bodies and queries the routes' schemas accept, so a refused role is refused by its role (403)
 * and not by validation, which runs first. Routes not named here get `{}`.
 */
function requestOf(route: RouteKey, ids: OwnedIds): { url: string; body?: unknown } {
  const url = routeUrl(route, ids, 'x'.repeat(43));
  const key = `${route.method} ${route.path}`;
  const category = { name: 'Rol', color: '#000000' };
  const emailTemplate = { templateType: 'confirmation', subject: 'Rol', htmlBody: '<p>Rol</p>' };
  const series = { eventId: ids.eventId, date: '2026-12-07', time: '14:00', every: '1w', count: 2 };
  const bodies: Record<string, unknown> = {
    'PATCH /api/user/password': { currentPassword: 'geheim123', newPassword: 'geheim123' },
    'DELETE /api/user': { password: 'fout-wachtwoord' },
    'POST /api/bookings': {
      eventId: ids.eventId,
      bookingDate: '2026-12-03',
      bookingTime: '14:00',
      customerName: 'Rol Klant',
    },
    'POST /api/bookings/series/check': series,
    'POST /api/bookings/series': { ...series, customerName: 'Rol Klant' },
    'POST /api/events': eventPayload({ title: 'Rol dienst' }),
    'PATCH /api/events/:id': { title: 'Rol dienst' },
    'POST /api/event-categories': category,
    'PATCH /api/event-categories/:id': category,
    'POST /api/templates': templatePayload({ templateName: 'Rol' }),
    'PATCH /api/templates/:id': templatePayload({ templateName: 'Rol' }),
    'POST /api/email-templates': emailTemplate,
    'PATCH /api/email-templates/:id': emailTemplate,
    'POST /api/agendas': { name: 'Rol agenda' },
    'PATCH /api/agendas/:id': { name: 'Rol agenda' },
    'POST /api/agendas/:id/absences': { startDate: '2026-12-14', endDate: '2026-12-14' },
    'POST /api/closures': { startDate: '2026-12-28', endDate: '2026-12-28', label: 'Rol' },
    'POST /api/customers/erase': { email: 'niemand@example.nl' },
    'POST /api/customers': { name: 'Rol klant' },
    'PATCH /api/customers/:id': { tags: ['rol'] },
    'POST /api/customers/:id/notes': { text: 'Rol' },
    'PATCH /api/customers/:id/notes/:noteId': { text: 'Rol bijgewerkt' },
    'POST /api/customers/:id/merge': { otherId: ids.otherCustomerId },
    'POST /api/customers/:id/block': { reason: 'Rol' },
    'PATCH /api/user/settings': { retentionMonths: 24 },
    'POST /api/email-settings': { provider: 'system' },
    'PATCH /api/business-profile': { name: 'Rol zaak' },
    'POST /api/calendar-feed': { replace: false },
    'PUT /api/messaging': { provider: 'messagebird', accessKey: 'rol-sleutel', sender: 'Rol' },
    'POST /api/messaging/test': { phone: '+31612345678' },
    'POST /api/events/:id/webhooks': { name: 'Rol', url: 'https://crm.example.nl/rol' },
    'PATCH /api/webhooks/:id': { isActive: true },
    'POST /api/api-keys': { name: 'Rol', access: 'read' },
  };
  const queries: Record<string, string> = {
    'GET /api/bookings/:id/slots': '?date=2026-12-03',
    'GET /api/bookings/slots': `?eventId=${ids.eventId}&date=2026-12-03`,
    'GET /api/customers/export': '?email=niemand@example.nl',
    'GET /api/agenda-absences': '?from=2026-12-01&to=2026-12-31',
    'GET /api/waitlist': `?eventId=${ids.eventId}&date=2026-12-03`,
  };
  return {
    url: url + (queries[key] ?? ''),
    body:
      route.method === 'GET'
        ? undefined
        : key in bodies
          ? bodies[key]
          : route.method === 'DELETE'
            ? undefined
            : {},
  };
}

/** The call with the agent's session (a DELETE may carry a body, as DELETE /api/user does). */
function call(t: TestApp, a: Agent, method: string, url: string, body: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: a.cookie ? { cookie: a.cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A member of the business made directly in the database and signed in through POST /api/login. */
async function memberAgent(
  t: TestApp,
  businessId: string,
  role: MemberRole,
  username: string,
  agendaIds: string[] = [],
): Promise<Agent & { id: string }> {
  const member = await membersRepo.insert(t.database.db, {
    businessId,
    username,
    password: await hashPassword('geheim123'),
    name: `${role} ${username}`,
    role,
    createdAt: NOW,
  });
  if (!member) throw new Error(`member ${username} not inserted`);
  await membersRepo.setAgendas(t.database.db, member.id, agendaIds);
  const a = agent(t.app);
  const res = await a.post('/api/login', { username, password: 'geheim123' });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return Object.assign(a, { id: member.id });
}

/** Routes compared by method and path with every parameter written `:param`. */
const normalized = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return routeKey({ method, path });
};

describe.each(dbKinds())('roles on %s', (kind) => {
  let t: TestApp;
  let ids: OwnedIds;
  let businessId: string;
  let defaultAgendaId: string;
  let customerName: string;
  let agents: Record<MemberRole, Agent & { id: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    const made = await ownerWithEverything(t, 'rollen-eigenaar');
    ids = made.ids;
    customerName = made.customerName;
    businessId = made.owner.id;
    const agendas = (await made.owner.get('/api/agendas')).json() as { id: string }[];
    defaultAgendaId = agendas.find((a) => a.id !== ids.agendaId)!.id;
    agents = {
      eigenaar: made.owner,
      beheerder: await memberAgent(t, businessId, 'beheerder', 'rollen-beheerder'),
      receptie: await memberAgent(t, businessId, 'receptie', 'rollen-receptie'),
      // Linked to the agenda the fixture's booking is on.
      medewerker: await memberAgent(t, businessId, 'medewerker', 'rollen-medewerker', [defaultAgendaId]),
    };
  });
  afterAll(() => t.close());

  it('has every route of the app in the expected table, and every route of the permission table', () => {
    const routes = appRoutes(t.app)
      .filter((r) => inPermissionTable(r.path))
      .map(routeKey);
    expect(routes.length).toBeGreaterThan(40);
    const expected = Object.keys(EXPECTED).map(normalized);
    expect(routes.filter((r) => !expected.includes(r))).toEqual([]);
    // The same routes as the permission table, public in both or in neither.
    expect(Object.keys(ROUTE_PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [key, entry] of Object.entries(ROUTE_PERMISSIONS))
      expect(entry === 'public', key).toBe(EXPECTED[key] === 'public');
  });

  /** Every signed-in route once; deletes last, so the routes before them find their ids still there. */
  // Routes the permission table names ahead of their module (the team's) are swept once they exist.
  const guarded = () =>
    Object.entries(EXPECTED)
      .filter((e): e is [string, readonly MemberRole[]] => e[1] !== 'public')
      .filter(([key]) => appRoutes(t.app).map(routeKey).includes(normalized(key)))
      .map(([key, roles]) => {
        const [method, path] = key.split(' ') as [string, string];
        return { key, route: { method, path }, roles };
      })
      .sort((a, b) => Number(a.route.method === 'DELETE') - Number(b.route.method === 'DELETE'));

  it('refuses every route to the roles that may not use it with 403 FORBIDDEN', async () => {
    const wrong: string[] = [];
    for (const { key, route, roles } of guarded())
      for (const role of MEMBER_ROLES.filter((r) => !roles.includes(r))) {
        const { url, body } = requestOf(route, ids);
        const res = await call(t, agents[role], route.method, url, body);
        const ok =
          res.statusCode === 403 &&
          res.body === JSON.stringify({ code: 'FORBIDDEN', message: nl.errors.forbidden });
        if (!ok) wrong.push(`${role} ${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    expect(wrong).toEqual([]);
  });

  it('answers a medewerker 404 for a booking of an agenda not linked to them, as for another business', async () => {
    const other = await memberAgent(t, businessId, 'medewerker', 'rollen-stoel2', [ids.agendaId]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [ids.bookingId, unknown]) {
      for (const res of [
        await other.get(`/api/bookings/${id}`),
        await other.get(`/api/bookings/${id}/slots?date=2026-12-03`),
        await other.patch(`/api/bookings/${id}`, { status: 'cancelled' }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: nl.ownerBookings.notFound });
      }
    }
    expect((await other.get('/api/bookings')).json()).toEqual([]);
    expect((await other.get(`/api/bookings?agendaId=${defaultAgendaId}`)).json()).toEqual([]);
    const agendaIds = ((await other.get('/api/agendas')).json() as { id: string }[]).map((a) => a.id);
    expect(agendaIds).toEqual([ids.agendaId]);
    const dashboard = (await other.get('/api/dashboard')).json() as Record<string, unknown>;
    expect(dashboard).toMatchObject({ bookingCount: 0, todayCount: 0, recentBookings: [], revenue: null });
  });

  it('shows the linked medewerker their agenda’s bookings without the customer’s contact details', async () => {
    const m = agents.medewerker;
    // The service's one booking (the fixture's class has a booking of its own, checked below).
    const list = (await m.get(`/api/bookings?eventId=${ids.eventId}`)).json() as Record<string, unknown>[];
    expect(list.map((b) => b.id)).toEqual([ids.bookingId]);
    // A class's attendees, like its bookings, come without their contact details.
    const attendees = (await m.get(`/api/class-sessions/${ids.classSessionId}`)).json() as {
      attendees: Record<string, unknown>[];
    };
    expect(attendees.attendees).toHaveLength(1);
    expect(attendees.attendees[0]).toMatchObject({ customerEmail: null, customerPhone: null });
    expect(list[0]).toMatchObject({ customerEmail: null, customerPhone: null });
    const answered = list[0]!.customFieldResponses as Record<string, string>;
    expect(Object.keys(answered)).toEqual(['Naam']);
    const details = (await m.get(`/api/bookings/${ids.bookingId}`)).json() as {
      customerEmail: string | null;
      answers: { fieldName: string }[];
      history: { messages: { kind: string; recipient: string | null }[] }[];
    };
    expect(details.customerEmail).toBeNull();
    expect(details.answers.map((a) => a.fieldName)).toEqual(['Naam']);
    expect(JSON.stringify(details)).not.toContain(answers(customerName)['E-mail']);
    expect(JSON.stringify(details)).not.toContain(answers('x').Telefoon);
    // Finding a booking by its address would tell the address.
    expect((await m.get('/api/bookings?q=example.nl')).json()).toEqual([]);
    // The receptie sees them.
    const desk = (await agents.receptie.get(`/api/bookings/${ids.bookingId}`)).json() as {
      customerEmail: string | null;
    };
    expect(desk.customerEmail).toMatch(/@example\.nl$/);
    // No revenue without `insights`; the eigenaar's is as it was.
    expect(((await m.get('/api/dashboard')).json() as { revenue: unknown }).revenue).toBeNull();
    expect(((await agents.receptie.get('/api/dashboard')).json() as { revenue: unknown }).revenue).toBeNull();
    expect(((await agents.eigenaar.get('/api/dashboard')).json() as { revenue: unknown }).revenue).toBe(
      '0.00',
    );
    // Both bookings of the agenda: the service's and the class's place.
    expect((await m.get('/api/dashboard')).json()).toMatchObject({ bookingCount: 2 });
  });

  it('lets a medewerker move only to their own agendas, and names them in the history', async () => {
    const m = agents.medewerker;
    const away = await m.patch(`/api/bookings/${ids.bookingId}`, { agendaId: ids.agendaId });
    expect(away.statusCode, away.body).toBe(403);
    expect(away.json()).toEqual({ code: 'FORBIDDEN', message: nl.roles.otherAgenda });
    const contact = await m.patch(`/api/bookings/${ids.bookingId}`, { customerEmail: 'x@example.nl' });
    expect(contact.statusCode).toBe(403);
    const moved = await m.patch(`/api/bookings/${ids.bookingId}`, {
      bookingDate: '2026-12-03',
      bookingTime: '11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ customerEmail: null, bookingTime: '11:00' });
    const [entry] = await t.database.db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.kind, 'rescheduled'));
    expect(entry).toMatchObject({
      actor: 'owner',
      memberId: m.id,
      memberName: 'medewerker rollen-medewerker',
    });
  });

  it('lets every role use the routes it may (not 403), deletes last', async () => {
    const wrong: string[] = [];
    for (const { key, route, roles } of guarded())
      for (const role of roles) {
        // The eigenaar's own deletion of the business would end the sweep: its refusal is enough.
        if (key === 'DELETE /api/user') continue;
        const { url, body } = requestOf(route, ids);
        const res = await call(t, agents[role], route.method, url, body);
        if (res.statusCode === 403 || res.statusCode === 401)
          wrong.push(`${role} ${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if ((await agents[role].get('/api/user')).statusCode !== 200)
          wrong.push(`${role} ${key} ended the session`);
      }
    expect(wrong).toEqual([]);
  });

  it('records the removal of a booking in the activity log with the member who removed it', async () => {
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: ids.eventId,
      bookingDate: '2026-12-04',
      bookingTime: '10:00',
      customFieldResponses: answers('Weg Klant'),
    });
    if (booked.statusCode === 404) return; // the sweep deleted the event already
    expect(booked.statusCode, booked.body).toBe(201);
    const id = (booked.json() as { booking: { id: string } }).booking.id;
    expect((await agents.beheerder.delete(`/api/bookings/${id}`)).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(activityLog).where(eq(activityLog.bookingId, id));
    expect(entry).toMatchObject({
      kind: 'booking.deleted',
      actor: 'member',
      memberId: agents.beheerder.id,
      before: { customerName: 'Weg Klant', bookingDate: '2026-12-04', bookingTime: '10:00' },
    });
  });
});

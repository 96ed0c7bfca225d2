import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { queryRows } from '../test/databases';
import { eventPayload, owner, templatePayload } from '../test/fixtures';
import { agent, type Agent, type TestApp } from '../test/test-app';

/** Tuesday 1 December 2026, 09:00 in Amsterdam: inside the fixtures' event range (1–7 December). */
export const NOW = new Date('2026-12-01T08:00:00Z');

export const answers = (name: string) => ({
  Naam: name,
  'E-mail': `${name.toLowerCase().replace(/\W/g, '')}@example.nl`,
  Telefoon: '+31612345678',
});

/** One API route as the router knows it; every path parameter is written `:param`. */
export interface RouteKey {
  method: string;
  path: string;
}
export const routeKey = (r: RouteKey) => `${r.method} ${r.path.replace(/:[^/]+/g, ':param')}`;

/**
 * Every route the app has, read from the router itself (`printRoutes` without a common prefix, whose
 * tree lines are `├── /segment (GET, POST)`), so a route added anywhere shows up here.
 * HEAD twins of GET routes are left out.
 */
export function appRoutes(app: FastifyInstance): RouteKey[] {
  const stack: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // Segments start with '/' except under a node that ends with one (e.g. the root route '/').
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('').replace(/\/{2,}/g, '/');
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

/**
 * Every row of every table of the app's schema, as text. Two snapshots are equal only when no row
 * was inserted, changed or deleted anywhere, which is what "nothing changed" means for a refused call.
 * Except rate_limit_hits: a refused call still counts against its sender's limit, as it must.
 */
export async function dbSnapshot(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_hits' order by 1`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: string }>(
      database,
      sql.raw(
        `select coalesce(json_agg(t::text order by t::text), '[]')::text as rows from public."${name.replace(/"/g, '""')}" t`,
      ),
    );
    snapshot[name] = row!.rows;
  }
  return snapshot;
}

/**
 * The whole stored state as one text: every row of every table in the app's schema and in the job
 * queue's (job payloads are stored data too). Used to prove a secret is nowhere in plaintext.
 */
export async function databaseText(database: Database): Promise<string> {
  const tables = await queryRows<{ schema: string; name: string }>(
    database,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await queryRows<{ row: string }>(
      database,
      sql.raw(`select t::text as row from "${schema}"."${name.replace(/"/g, '""')}" t`),
    );
    parts.push(`-- ${schema}.${name}`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The route's path with every parameter filled in with an id of `ids` (or the manage token). */
export function routeUrl(route: RouteKey, ids: OwnedIds, token: string): string {
  return route.path
    .replace(/^\/api\/events\/:[^/]+/, `/api/events/${ids.eventId}`)
    .replace(/^\/api\/event-categories\/:[^/]+/, `/api/event-categories/${ids.categoryId}`)
    .replace(/^\/api\/agendas\/:[^/]+/, `/api/agendas/${ids.agendaId}`)
    .replace(/:absenceId$/, ids.absenceId)
    .replace(/^\/api\/email-templates\/:[^/]+/, `/api/email-templates/${ids.emailTemplateId}`)
    .replace(/^\/api\/webhooks\/:[^/]+/, `/api/webhooks/${ids.webhookId}`)
    .replace(/^\/api\/templates\/:[^/]+/, `/api/templates/${ids.templateId}`)
    .replace(/^\/api\/bookings\/:[^/]+/, `/api/bookings/${ids.bookingId}`)
    .replace(/^\/api\/closures\/:[^/]+/, `/api/closures/${ids.closureId}`)
    .replace(/^\/api\/class-sessions\/:[^/]+/, `/api/class-sessions/${ids.classSessionId}`)
    .replace(/^\/api\/waitlist\/:[^/]+/, `/api/waitlist/${ids.waitlistEntryId}`)
    .replace(/^\/api\/customers\/:id/, `/api/customers/${ids.customerId}`)
    .replace(/:noteId$/, ids.customerNoteId)
    .replace(/^\/api\/team\/invitations\/:[^/]+/, `/api/team/invitations/${ids.invitationId}`)
    .replace(/^\/api\/team\/:[^/]+/, `/api/team/${ids.memberId}`)
    .replace(/^\/api\/api-keys\/:[^/]+/, `/api/api-keys/${ids.apiKeyId}`)
    .replace(/:token$/, token)
    .replace(/:[^/]+/g, ids.eventId);
}

export interface OwnedIds {
  eventId: string;
  fieldIds: string[];
  categoryId: string;
  /** A second agenda beside the default one (no service uses it). */
  agendaId: string;
  templateId: string;
  emailTemplateId: string;
  webhookId: string;
  bookingId: string;
  closureId: string;
  /** An absence of the extra agenda. */
  absenceId: string;
  /** A member beside the eigenaar (receptie), and another to hand the eigenaar's role to. */
  memberId: string;
  heirId: string;
  /** An open team invitation. */
  invitationId: string;
  /** The booking's customer, a note on them, and a second customer (to merge). */
  customerId: string;
  customerNoteId: string;
  otherCustomerId: string;
  /** A class time of a service with 4 seats, one place sold. */
  classSessionId: string;
  waitlistEntryId: string;
  /** An API key of the business (read only). */
  apiKeyId: string;
}

/**
 * An owner with one of everything an owner route can name by id: a category, an event in it (with
 * custom fields), a schedule template, an e-mail template, a webhook, a booking made after the
 * webhook (so the webhook has a delivery row to leak) and a closure of the extra agenda.
 */
export async function ownerWithEverything(
  t: TestApp,
  name?: string,
): Promise<{ owner: Agent & { id: string }; ids: OwnedIds; managementToken: string; customerName: string }> {
  const a = await owner(t, name);
  const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, what: string): T => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const category = ok<{ id: string }>(
    await a.post('/api/event-categories', { name: 'Haar', color: '#EC4899' }),
    'category',
  );
  const agenda = ok<{ id: string }>(await a.post('/api/agendas', { name: 'Stoel 2' }), 'agenda');
  const event = ok<{ id: string }>(
    await a.post(
      '/api/events',
      eventPayload({ title: `Knippen ${a.id.slice(0, 6)}`, categoryId: category.id }),
    ),
    'event',
  );
  const fields = ok<{ id: string }[]>(await a.get(`/api/events/${event.id}/fields`), 'fields');
  const template = ok<{ id: string }>(await a.post('/api/templates', templatePayload()), 'template');
  const emailTemplates = ok<{ id: string }[]>(await a.get('/api/email-templates'), 'email templates');
  const webhook = ok<{ id: string }>(
    await a.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'https://crm.example.nl/hook' }),
    'webhook',
  );
  // A customer name unique to this owner, so a test can look for it in another owner's answers.
  const customerName = `Sanne ${a.id.slice(0, 8)}`;
  const booked = ok<{ booking: { id: string }; managementToken: string }>(
    await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: '2026-12-02',
      bookingTime: '10:00',
      customFieldResponses: answers(customerName),
    }),
    'booking',
  );
  // A class (docs/PRODUCT.md#classes) with one place sold: its class time is an id the owner's routes name.
  const yoga = ok<{ id: string }>(
    await a.post(
      '/api/events',
      eventPayload({ title: `Yoga ${a.id.slice(0, 6)}`, seats: 4, maxSeatsPerBooking: 2 }),
    ),
    'class',
  );
  const place = ok<{ booking: { id: string } }>(
    await agent(t.app).post('/api/public/bookings', {
      eventId: yoga.id,
      bookingDate: '2026-12-02',
      bookingTime: '14:00',
      customFieldResponses: answers(customerName),
    }),
    'class booking',
  );
  const { classSessionId } = ok<{ classSessionId: string }>(
    await a.get(`/api/bookings/${place.booking.id}`),
    'class booking',
  );
  // Someone waiting for the booked time (docs/PRODUCT.md#waitlist): an entry the owner's routes name.
  ok(await a.patch(`/api/events/${event.id}`, { waitlistEnabled: true }), 'waitlist on');
  ok(
    await agent(t.app).post('/api/public/waitlist', {
      eventId: event.id,
      date: '2026-12-02',
      time: '10:00',
      name: 'Wachtende Klant',
      email: `wacht.${a.id.slice(0, 6)}@example.nl`,
    }),
    'waitlist join',
  );
  const waitlist = ok<{ entries: Array<{ id: string }> }>(
    await a.get(`/api/waitlist?eventId=${event.id}&date=2026-12-02`),
    'waitlist',
  );
  const closure = ok<{ id: string }>(
    await a.post('/api/closures', {
      startDate: '2026-12-24',
      endDate: '2026-12-26',
      label: 'Kerst',
      agendaId: agenda.id,
    }),
    'closure',
  );
  const absence = ok<{ id: string }>(
    await a.post(`/api/agendas/${agenda.id}/absences`, {
      startDate: '2026-12-28',
      endDate: '2026-12-31',
      reason: 'Vakantie',
    }),
    'absence',
  );
  // Team members join through an invitation link, as in the product.
  const join = async (role: string, username: string) => {
    const { inviteUrl } = ok<{ inviteUrl: string }>(
      await a.post('/api/team/invitations', { email: `${username}@example.nl`, name: username, role }),
      'invitation',
    );
    const token = inviteUrl.split('/uitnodiging/')[1]!;
    return ok<{ id: string }>(
      await agent(t.app).post(`/api/public/invitations/${token}/accept`, { username, password: 'geheim123' }),
      'accept',
    ).id;
  };
  const suffix = a.id.slice(0, 8);
  const memberId = await join('receptie', `receptie${suffix}`);
  const heirId = await join('beheerder', `opvolger${suffix}`);
  const invitation = ok<{ id: string }>(
    await a.post('/api/team/invitations', {
      email: `open${suffix}@example.nl`,
      name: 'Open',
      role: 'medewerker',
    }),
    'open invitation',
  );
  const { customerId } = ok<{ customerId: string }>(
    await a.get(`/api/bookings/${booked.booking.id}`),
    'booking',
  );
  const note = ok<{ id: string }>(
    await a.post(`/api/customers/${customerId}/notes`, { text: 'Kleur 6.1 + 20 vol' }),
    'customer note',
  );
  const otherCustomer = ok<{ id: string }>(
    await a.post('/api/customers', { name: `Tweede ${suffix}`, email: `tweede${suffix}@example.nl` }),
    'customer',
  );
  const apiKey = ok<{ id: string }>(
    await a.post('/api/api-keys', { name: `Kassa ${suffix}`, access: 'read' }),
    'api key',
  );
  return {
    owner: a,
    ids: {
      eventId: event.id,
      fieldIds: fields.map((f) => f.id),
      categoryId: category.id,
      agendaId: agenda.id,
      templateId: template.id,
      emailTemplateId: emailTemplates[0]!.id,
      webhookId: webhook.id,
      bookingId: booked.booking.id,
      closureId: closure.id,
      absenceId: absence.id,
      memberId,
      heirId,
      invitationId: invitation.id,
      customerId,
      customerNoteId: note.id,
      otherCustomerId: otherCustomer.id,
      classSessionId,
      waitlistEntryId: waitlist.entries[0]!.id,
      apiKeyId: apiKey.id,
    },
    managementToken: booked.managementToken,
    customerName,
  };
}

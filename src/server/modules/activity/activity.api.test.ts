import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import type { ActivityEntryDto, ActivityPage } from '@contracts/activity';
import { activityLog, bookingHistory, bookings, members } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, insertBooking, owner } from '../../test/fixtures';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { PUBLIC_KEY } from '../../test/paid-events';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/password';
import { membersRepo } from '../team/members.repo';

const NOW = new Date('2026-12-01T08:00:00Z');
const m = nl.activity;

describe.each(dbKinds())('activity log on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, { now: () => NOW, env: { STRIPE_API_BASE: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const list = async (a: Agent, query = '') => {
    const res = await a.get(`/api/activity${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityPage;
  };
  const kinds = (page: ActivityPage) => page.entries.map((e) => e.kind);

  let memberCount = 0;
  /** A member of the business with `role`, signed in on an agent of their own. */
  async function member(businessId: string, role: 'beheerder' | 'receptie' | 'medewerker', name: string) {
    const username = `lid${++memberCount}${kind}`;
    const row = await membersRepo.insert(t.database.db, {
      businessId,
      username,
      password: await hashPassword('geheim123'),
      name,
      role,
      createdAt: NOW,
    });
    const a = agent(t.app);
    const res = await a.post('/api/login', { username, password: 'geheim123' });
    expect(res.statusCode, res.body).toBe(200);
    return Object.assign(a, { memberId: row!.id });
  }

  it('records a service created, changed and deleted, by the member, with what changed', async () => {
    const a = await owner(t);
    const event = (await a.post('/api/events', eventPayload({ title: 'Knippen' }))).json();
    expect(
      (await a.patch(`/api/events/${event.id}`, { title: 'Knippen kort', durationMinutes: 45 })).statusCode,
    ).toBe(200);
    // Saving without a change writes nothing.
    expect((await a.patch(`/api/events/${event.id}`, { title: 'Knippen kort' })).statusCode).toBe(200);
    expect((await a.delete(`/api/events/${event.id}`)).statusCode).toBe(200);

    const page = await list(a, '?kind=service');
    expect(kinds(page)).toEqual(['service.deleted', 'service.updated', 'service.created']);
    const [deleted, updated, created] = page.entries as [
      ActivityEntryDto,
      ActivityEntryDto,
      ActivityEntryDto,
    ];
    expect(created).toMatchObject({
      actor: { kind: 'member', memberId: a.id },
      subjectId: event.id,
      subjectName: 'Knippen',
      after: { title: 'Knippen', durationMinutes: 30 },
      at: NOW.toISOString(),
    });
    expect(created.actor.name).toBeTruthy();
    expect(updated).toMatchObject({
      subjectName: 'Knippen kort',
      before: { title: 'Knippen', durationMinutes: 30 },
      after: { title: 'Knippen kort', durationMinutes: 45 },
    });
    expect(Object.keys(updated.after!).sort()).toEqual(['durationMinutes', 'title']);
    expect(deleted).toMatchObject({ subjectName: 'Knippen kort', before: { title: 'Knippen kort' } });
  });

  it('records agendas, closures, settings, webhooks; payment keys without the secret', async () => {
    const a = await owner(t);
    const agenda = (await a.post('/api/agendas', { name: 'Stoel 2' })).json();
    expect((await a.patch(`/api/agendas/${agenda.id}`, { name: 'Stoel 3' })).statusCode).toBe(200);
    const closure = await a.post('/api/closures', {
      startDate: '2026-12-24',
      endDate: '2026-12-26',
      label: 'Kerst',
    });
    expect(closure.statusCode, closure.body).toBe(201);
    expect((await a.patch('/api/user/settings', { retentionMonths: 24 })).statusCode).toBe(200);
    const secret = fake.newAccount();
    const keys = await a.patch('/api/user/settings', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: secret,
    });
    expect(keys.statusCode, keys.body).toBe(200);
    expect(
      (await a.patch('/api/user/settings', { stripeSecretKey: null, stripePublicKey: '' })).statusCode,
    ).toBe(200);
    const event = (await a.post('/api/events', eventPayload())).json();
    const hook = (
      await a.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'https://crm.example.nl/h' })
    ).json();

    const page = await list(a);
    expect(kinds(page)).toEqual(
      expect.arrayContaining([
        'agenda.created',
        'agenda.updated',
        'closure.created',
        'settings.updated',
        'payment_keys.updated',
        'payment_keys.removed',
        'webhook.created',
      ]),
    );
    const byKind = (k: string) => page.entries.find((e) => e.kind === k)!;
    expect(byKind('agenda.updated')).toMatchObject({
      before: { name: 'Stoel 2' },
      after: { name: 'Stoel 3' },
    });
    expect(byKind('closure.created')).toMatchObject({
      subjectName: 'Kerst',
      after: { startDate: '2026-12-24' },
    });
    expect(byKind('settings.updated').after).toEqual({ retentionMonths: 24 });
    expect(byKind('payment_keys.updated')).toMatchObject({
      before: { secretKeySet: false, stripePublicKey: null },
      after: { secretKeySet: true, stripePublicKey: PUBLIC_KEY },
    });
    expect(byKind('payment_keys.removed').after).toMatchObject({ secretKeySet: false });
    expect(byKind('webhook.created')).toMatchObject({ subjectId: hook.id, after: { name: 'CRM' } });
    // Never a secret: not the Stripe key, not the webhook's signing secret, in any entry.
    const stored = JSON.stringify(
      await t.database.db.select().from(activityLog).where(eq(activityLog.businessId, a.id)),
    );
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(hook.secret);
    expect(JSON.stringify(page)).not.toContain(secret);
  });

  it('filters by kind, member, booking and period, and pages both sources with a stable cursor', async () => {
    const a = await owner(t);
    const admin = await member(a.id, 'beheerder', 'Sanne');
    const event = (await a.post('/api/events', eventPayload({ title: 'Föhnen' }))).json();
    expect((await admin.post('/api/event-categories', { name: 'Haar' })).statusCode).toBe(201);
    await insertBooking(t, event.id, '2026-12-02', '10:00', { customerName: 'Klaas' });
    const [{ id: bookingId }] = (await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.eventId, event.id))) as [{ id: string }];
    // 60 history rows of this booking, spread over two days (Amsterdam time), and 10 older log entries.
    const base = Date.parse('2026-11-20T10:00:00Z');
    await t.database.db.insert(bookingHistory).values(
      Array.from({ length: 60 }, (_, i) => ({
        bookingId,
        ownerId: a.id,
        kind: i % 2 ? ('rescheduled' as const) : ('details_changed' as const),
        actor: i % 3 ? ('owner' as const) : ('customer' as const),
        memberId: i % 3 ? admin.memberId : null,
        memberName: i % 3 ? 'Sanne' : null,
        details: {},
        // Pairs share one instant: the order falls back on seq.
        at: new Date(base + Math.floor(i / 2) * 3_600_000),
      })),
    );
    await t.database.db.insert(activityLog).values(
      Array.from({ length: 10 }, (_, i) => ({
        businessId: a.id,
        at: new Date(base + i * 3_600_000),
        actor: 'systeem' as const,
        kind: 'settings.updated' as const,
        after: { n: i },
      })),
    );

    // Paging: every entry once, newest first, the same order as one long read.
    const seen: ActivityEntryDto[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ActivityPage = await list(a, cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');
      seen.push(...page.entries);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    const total = 60 + 10 + 3; // + the sign-in at registration, service.created and category.created
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(total);
    const times = seen.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const history = seen.find((e) => e.kind === 'booking.rescheduled' && e.actor.kind === 'member')!;
    expect(history).toMatchObject({
      bookingId,
      actor: { memberId: admin.memberId, name: 'Sanne' },
      subjectName: 'Klaas · Föhnen',
    });
    expect(seen.some((e) => e.kind === 'booking.details_changed' && e.actor.kind === 'klant')).toBe(true);

    expect(kinds(await list(a, '?kind=booking.rescheduled'))).toEqual(Array(30).fill('booking.rescheduled'));
    expect((await list(a, '?kind=booking')).entries.length).toBe(50);
    expect(kinds(await list(a, '?kind=category'))).toEqual(['category.created']);
    const byAdmin = await list(a, `?memberId=${admin.memberId}`);
    expect(byAdmin.entries.every((e) => e.actor.memberId === admin.memberId)).toBe(true);
    expect(byAdmin.entries.map((e) => e.kind)).toContain('category.created');
    expect(byAdmin.entries.filter((e) => e.kind.startsWith('booking.'))).toHaveLength(40);
    const ofBooking = await list(a, `?bookingId=${bookingId}`);
    expect(ofBooking.entries.every((e) => e.bookingId === bookingId)).toBe(true);
    // 20 November in Amsterdam: history pairs at 11:00..23:00 local (13 pairs) and log entries 11:00..20:00.
    const day = await list(a, '?from=2026-11-20&to=2026-11-20');
    expect(
      day.entries.every((e) => e.at >= '2026-11-19T23:00:00.000Z' && e.at < '2026-11-20T23:00:00.000Z'),
    ).toBe(true);
    expect(day.entries.length).toBe(13 * 2 + 10);
    // The beheerder reads the log too.
    expect((await admin.get('/api/activity')).statusCode).toBe(200);
  });

  it('refuses a bad cursor, kind or period with a Dutch message', async () => {
    const a = await owner(t);
    for (const cursor of [
      'xyz',
      Buffer.from('["2026-01-01","1","a"]').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
    ]) {
      const res = await a.get(`/api/activity?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.invalidCursor);
    }
    expect((await a.get('/api/activity?kind=booking.nope')).json().message).toBe(m.invalidKind);
    expect((await a.get('/api/activity?from=2026-12-02&to=2026-12-01')).json().message).toBe(m.invalidPeriod);
    expect((await a.get('/api/activity?memberId=abc')).statusCode).toBe(400);
  });

  it('writes the entry in the change’s transaction: a failed change leaves none', async () => {
    const a = await owner(t);
    const b = await owner(t);
    expect((await a.patch('/api/business-profile', { publicSlug: `salon-${kind}` })).statusCode).toBe(200);
    // The entry is written before the update, whose unique index then refuses the slug.
    const taken = await b.patch('/api/business-profile', { publicSlug: `salon-${kind}` });
    expect(taken.statusCode).toBe(409);
    expect(kinds(await list(a))).toEqual(['business_profile.updated']);
    expect(kinds(await list(b))).toEqual([]);
  });

  it('forbids receptie and medewerker', async () => {
    const a = await owner(t);
    for (const role of ['receptie', 'medewerker'] as const) {
      const other = await member(a.id, role, role);
      const res = await other.get('/api/activity');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(nl.errors.forbidden);
    }
  });

  it('removes entries older than two years in the daily step; account deletion removes the log', async () => {
    const a = await owner(t);
    const old = new Date('2024-11-30T08:00:00Z');
    const kept = new Date('2024-12-02T08:00:00Z');
    await t.database.db.insert(activityLog).values(
      [old, kept].map((at) => ({
        businessId: a.id,
        at,
        actor: 'systeem' as const,
        kind: 'settings.updated' as const,
      })),
    );
    expect(await t.app.services.activity.applyRetention()).toBeGreaterThanOrEqual(1);
    expect((await list(a)).entries.map((e) => e.at)).toEqual([kept.toISOString()]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: 'geheim123' },
      headers: { cookie: a.cookie! },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(activityLog).where(eq(activityLog.businessId, a.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(members).where(eq(members.businessId, a.id))).toEqual([]);
  });
});

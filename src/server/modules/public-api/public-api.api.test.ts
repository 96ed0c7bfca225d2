import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyDto, CreatedApiKey } from '@contracts/api-keys';
import { nl } from '@contracts/messages';
import type { PublicBooking, PublicBookingPage } from '@contracts/public-api';
import { activityLog, apiKeys, bookingHistory, bookings } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { dbKinds } from '../../test/databases';
import { eventPayload, insertBooking, owner } from '../../test/fixtures';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { v1Client } from '../../test/v1-client';

const NOW = new Date('2026-12-01T08:00:00Z');
const m = nl.apiKeys;

describe.each(dbKinds())('public API on %s', (kind) => {
  let t: TestApp;
  let clock = NOW;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  // Through the shared client: every answer is checked against the OpenAPI document too.
  const v1 = (url: string, key?: string, method: 'GET' | 'POST' | 'OPTIONS' = 'GET', extra = {}) =>
    v1Client(t).request(method, url, { key, headers: extra });

  async function makeKey(a: Agent, body: Record<string, unknown> = { name: 'Boekhouding', access: 'read' }) {
    const res = await a.post('/api/api-keys', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedApiKey;
  }

  async function business(name: string) {
    const a = await owner(t, `${name}-${kind}`);
    const event = (await a.post('/api/events', eventPayload({ title: `Knippen ${name}` }))).json() as {
      id: string;
    };
    return Object.assign(a, { eventId: event.id });
  }

  const bookingIds = async (eventId: string) =>
    (await t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.eventId, eventId))).map(
      (r) => r.id,
    );

  it('shows a key once, stores only its hash and prefix, and lists keys without it', async () => {
    const a = await business('sleutel');
    const made = await makeKey(a, { name: 'Boekhouding', access: 'read-write' });
    expect(made.key).toMatch(/^ap_live_[0-9A-Za-z]{43}$/);
    expect(made).toMatchObject({ name: 'Boekhouding', access: 'read-write', prefix: made.key.slice(0, 12) });
    expect(made.createdBy).toBeTruthy();

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.keyHash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);
    expect(row!.prefix).toBe(made.key.slice(0, 12));

    const list = (await a.get('/api/api-keys')).json() as ApiKeyDto[];
    expect(list).toEqual([
      {
        id: made.id,
        name: 'Boekhouding',
        access: 'read-write',
        prefix: made.prefix,
        createdAt: NOW.toISOString(),
        lastUsedAt: null,
        expiresAt: null,
        createdBy: made.createdBy,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(made.key);

    // A use is noted.
    expect((await v1('/agendas', made.key)).statusCode).toBe(200);
    const [used] = (await a.get('/api/api-keys')).json() as ApiKeyDto[];
    expect(used!.lastUsedAt).toBe(NOW.toISOString());

    // The log names the key, never the key itself.
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, made.id));
    expect(log.map((l) => l.kind)).toEqual(['api_key.created']);
    expect(JSON.stringify(log)).not.toContain(made.key);
  });

  it('refuses a bad name, access or expiry in Dutch', async () => {
    const a = await business('ongeldig');
    const res = await a.post('/api/api-keys', { name: ' ', access: 'alles' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: m.nameRequired, access: m.accessInvalid });
    const past = await a.post('/api/api-keys', {
      name: 'Oud',
      access: 'read',
      expiresAt: '2026-11-30T00:00:00+01:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'VALIDATION', message: m.expiresInvalid });
  });

  it('answers 401 without a key, with a wrong one, a revoked one at once and an expired one', async () => {
    const a = await business('weg');
    const missing = await v1('/bookings');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'UNAUTHORIZED', message: m.missing });
    // The session cookie alone opens nothing here.
    const cookieOnly = await a.get('/api/v1/bookings');
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json()).toEqual({ code: 'UNAUTHORIZED', message: m.missing });
    const wrong = await v1('/bookings', `ap_live_${'x'.repeat(43)}`);
    expect(wrong.json()).toEqual({ code: 'UNAUTHORIZED', message: m.invalid });

    const key = await makeKey(a);
    expect((await v1('/bookings', key.key)).statusCode).toBe(200);
    expect((await a.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);
    const revoked = await v1('/bookings', key.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ code: 'UNAUTHORIZED', message: m.invalid });
    expect((await a.get('/api/api-keys')).json()).toEqual([]);
    expect((await a.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(404);

    const expiring = await makeKey(a, {
      name: 'Tijdelijk',
      access: 'read',
      expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
    });
    expect((await v1('/bookings', expiring.key)).statusCode).toBe(200);
    clock = new Date(NOW.getTime() + 3_600_000);
    try {
      const expired = await v1('/bookings', expiring.key);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ code: 'UNAUTHORIZED', message: m.invalid });
    } finally {
      clock = NOW;
    }
  });

  it('refuses a read key a write, and writes a no-show named after the key with a read-write key', async () => {
    const a = await business('schrijf');
    await insertBooking(t, a.eventId, '2026-11-30', '10:00', { customerName: 'Noor' });
    const [id] = await bookingIds(a.eventId);
    const read = await makeKey(a, { name: 'Alleen lezen', access: 'read' });
    const refused = await v1(`/bookings/${id}/no-show`, read.key, 'POST');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: m.readOnly });

    const write = await makeKey(a, { name: 'Kassa', access: 'read-write' });
    // From another site too: the key is the credential, no cookie rides along.
    const marked = await v1(`/bookings/${id}/no-show`, write.key, 'POST', {
      origin: 'https://kassa.example.com',
      'sec-fetch-site': 'cross-site',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as PublicBooking).noShow).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, id!), eq(bookingHistory.kind, 'no_show')));
    expect(entry).toMatchObject({ actor: 'api_key', memberId: null, memberName: 'API-sleutel Kassa' });
    const log = (await a.get(`/api/activity?bookingId=${id}`)).json() as {
      entries: { kind: string; actor: { kind: string; name: string | null } }[];
    };
    expect(log.entries.find((e) => e.kind === 'booking.no_show')?.actor).toMatchObject({
      kind: 'api_sleutel',
      name: 'API-sleutel Kassa',
    });
  });

  it('answers a booking with offset times, the owner’s date and time, and cents; another business’s is 404', async () => {
    const a = await business('lezen');
    const b = await business('ander');
    await insertBooking(t, a.eventId, '2026-12-02', '14:00', { amountPaid: '12.50', amountDue: '30.00' });
    await insertBooking(t, b.eventId, '2026-12-02', '14:00');
    const [mine] = await bookingIds(a.eventId);
    const [theirs] = await bookingIds(b.eventId);
    const key = await makeKey(a);

    const res = await v1(`/bookings/${mine}`, key.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: mine,
      serviceId: a.eventId,
      serviceName: 'Knippen lezen',
      startsAt: '2026-12-02T14:00:00+01:00',
      endsAt: '2026-12-02T14:30:00+01:00',
      date: '2026-12-02',
      time: '14:00',
      timeZone: 'Europe/Amsterdam',
      durationMinutes: 30,
      amountPaid: { cents: 1250, currency: 'EUR' },
      amountDue: { cents: 3000, currency: 'EUR' },
    });
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'geen-id']) {
      const other = await v1(`/bookings/${id}`, key.key);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('NOT_FOUND');
    }
    const list = (await v1('/bookings', key.key)).json() as PublicBookingPage;
    expect(list.data.map((x) => x.id)).toEqual([mine]);

    const services = (await v1('/services', key.key)).json() as { data: { id: string; name: string }[] };
    expect(services.data.map((s) => s.id)).toEqual([a.eventId]);
    const agendas = (await v1('/agendas', key.key)).json() as { data: { isDefault: boolean }[] };
    expect(agendas.data.length).toBeGreaterThan(0);
    expect(agendas.data[0]!.isDefault).toBe(true);
  });

  it('pages 120 bookings 50 at a time, each once, while bookings are inserted between pages', async () => {
    const a = await business('pagina');
    const times = Array.from(
      { length: 16 },
      (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );
    const days = [
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
    ];
    let made = 0;
    for (const day of days)
      for (const time of times) if (made++ < 120) await insertBooking(t, a.eventId, day, time);
    const original = new Set(await bookingIds(a.eventId));
    expect(original.size).toBe(120);
    const key = await makeKey(a);

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    let insertions = 0;
    do {
      const q: string = `?limit=50&from=2026-12-01&to=2026-12-31${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await v1(`/bookings${q}`, key.key);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as PublicBookingPage;
      pageSizes.push(page.data.length);
      seen.push(...page.data.map((b) => b.id));
      cursor = page.nextCursor;
      // A booking before the cursor (not seen again) and one after it (seen later) while paging.
      if (cursor && insertions < 2) {
        await insertBooking(t, a.eventId, '2026-12-04', times[insertions]!);
        await insertBooking(t, a.eventId, '2026-12-17', times[insertions]!);
        insertions++;
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...original].every((id) => seen.includes(id))).toBe(true);
    // The later inserts (on the 17th, after every original) are on the pages; the earlier not.
    expect(seen.length).toBe(120 + insertions);
    expect(pageSizes).toEqual([50, 50, 22]);

    const defaults = (await v1('/bookings', key.key)).json() as PublicBookingPage;
    expect(defaults.data).toHaveLength(50);
    const tooMany = await v1('/bookings?limit=201', key.key);
    expect(tooMany.statusCode).toBe(400);
    const badCursor = await v1('/bookings?cursor=bm9wZQ', key.key);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'VALIDATION', message: m.invalidCursor });
  });

  it('reads a period as the business’s own days, from the first midnight to the last on its clock', async () => {
    const a = await business('periode');
    // Amsterdam is UTC+1 in December: the first two start on the 30th and the 2nd in UTC.
    for (const [day, time] of [
      ['2026-11-30', '23:30'],
      ['2026-12-01', '00:00'],
      ['2026-12-02', '23:30'],
      ['2026-12-03', '00:00'],
    ] as const)
      await insertBooking(t, a.eventId, day, time);
    const key = await makeKey(a);
    const res = await v1('/bookings?from=2026-12-01&to=2026-12-02', key.key);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PublicBookingPage;
    expect(page.data.map((b) => `${b.date} ${b.time}`)).toEqual(['2026-12-01 00:00', '2026-12-02 23:30']);
    expect(page.data[0]!.startsAt).toBe('2026-12-01T00:00:00+01:00');
  });

  it('answers a CORS preflight for any origin without credentials', async () => {
    const res = await v1('/bookings', undefined, 'OPTIONS', {
      origin: 'https://crm.example.com',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const denied = await v1('/bookings', undefined, 'GET', { origin: 'https://crm.example.com' });
    expect(denied.headers['access-control-allow-origin']).toBe('*');
  });
});

describe.each(dbKinds())('public API rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW, env: { API_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, counted per key', async () => {
    const a = await owner(t, `limiet-${kind}`);
    const first = (await a.post('/api/api-keys', { name: 'Een', access: 'read' })).json() as CreatedApiKey;
    const second = (await a.post('/api/api-keys', { name: 'Twee', access: 'read' })).json() as CreatedApiKey;
    const call = (key: string) => v1Client(t).get('/agendas', { key });
    for (let i = 0; i < 3; i++) expect((await call(first.key)).statusCode).toBe(200);
    const limited = await call(first.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(second.key)).statusCode).toBe(200);
  });
});

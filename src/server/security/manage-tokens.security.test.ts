import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { bookings } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { dbKinds } from '../test/databases';
import { eventPayload, owner } from '../test/fixtures';
import { agent, createTestApp, type TestApp } from '../test/test-app';
import { answers, databaseText, dbSnapshot, NOW } from './owner-fixtures';

const MANAGE = '/api/public/bookings/manage';
const NOT_FOUND_MESSAGES = [nl.booking.bookingNotFound, nl.errors.notFound];

describe.each(dbKinds())('management links on %s', (kind) => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const book = async (id: string, date: string, time: string, name: string) => {
    const res = await agent(t.app).post('/api/public/bookings', {
      eventId: id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers(name),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { booking: { id: string }; managementToken: string };
  };
  const row = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const otherRows = async (exceptId: string) =>
    (await t.database.db.select().from(bookings).orderBy(bookings.id)).filter((b) => b.id !== exceptId);

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    const a = await owner(t);
    eventId = (await a.post('/api/events', eventPayload({ title: 'Knippen' }))).json().id;
    otherEventId = (
      await a.post('/api/events', eventPayload({ title: 'Kleuren', durationMinutes: 60 }))
    ).json().id;
  });
  afterAll(() => t.close());

  it('issues a 256-bit token per booking and stores only its hash and a sealed copy', async () => {
    const x = await book(eventId, '2026-12-02', '09:00', 'Token Een');
    const y = await book(eventId, '2026-12-02', '09:30', 'Token Twee');
    for (const token of [x.managementToken, y.managementToken]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(x.managementToken).not.toBe(y.managementToken);
    const stored = await row(x.booking.id);
    expect(stored.managementTokenHash).toBe(sha256(x.managementToken));
    expect(stored.managementTokenBox).toMatch(/^v1\./);
    const everything = await databaseText(t.database);
    expect(everything).not.toContain(x.managementToken);
    expect(everything).not.toContain(y.managementToken);
  });

  it('answers an unknown token with the Dutch 404 on every manage call, changing nothing', async () => {
    const x = await book(eventId, '2026-12-02', '10:00', 'Onbekend Token');
    const before = await dbSnapshot(t.database);
    const unknown = 'A'.repeat(43);
    for (const res of [
      await agent(t.app).get(`${MANAGE}/${unknown}`),
      await agent(t.app).get(`${MANAGE}/${unknown}/ics`),
      await agent(t.app).patch(`${MANAGE}/${unknown}`, { bookingDate: '2026-12-03', bookingTime: '10:00' }),
      await agent(t.app).delete(`${MANAGE}/${unknown}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: nl.booking.bookingNotFound });
    }
    expect(await dbSnapshot(t.database)).toEqual(before);
    expect((await row(x.booking.id)).status).toBe('confirmed');
  });

  it('refuses near-miss, malformed and encoded tokens with a 404 and never a 5xx', async () => {
    const x = await book(eventId, '2026-12-02', '10:30', 'Bijna Goed');
    const tok = x.managementToken;
    const flipped = tok.slice(0, 10) + (tok[10] === 'a' ? 'b' : 'a') + tok.slice(11);
    const variants = [
      tok.slice(0, -1), // one character short: still a well-formed token
      `${tok}A`,
      flipped,
      tok.toUpperCase() === tok ? tok.toLowerCase() : tok.toUpperCase(),
      tok.slice(0, 19), // below the minimum length
      'A'.repeat(101), // above the maximum length
      encodeURIComponent(`${tok}.`),
      `${tok}%00`,
      `${tok}%2F`,
      `${tok}%20`,
      `%20${tok}`,
      '..%2F..%2Fbookings',
      '%2e%2e',
      encodeURIComponent('ä'.repeat(43)),
      encodeURIComponent(`${tok}' or '1'='1`),
      `${tok}/`,
      `${tok.slice(0, 20)}%E0%A4%A`, // a broken percent-escape
    ];
    const before = await dbSnapshot(t.database);
    for (const v of variants) {
      for (const res of [
        await agent(t.app).get(`${MANAGE}/${v}`),
        // The calendar file (docs/PRODUCT.md#good-endings) follows the same token rules (a token
        // ending in '/' would make '//', which the server refuses before any route).
        ...(v.endsWith('/') ? [] : [await agent(t.app).get(`${MANAGE}/${v}/ics`)]),
        await agent(t.app).patch(`${MANAGE}/${v}`, { bookingDate: '2026-12-03', bookingTime: '10:30' }),
        await agent(t.app).delete(`${MANAGE}/${v}`),
      ]) {
        expect(res.statusCode, `${v}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
        expect(NOT_FOUND_MESSAGES).toContain(res.json().message);
        expect(res.headers['cache-control'], v).toBe('no-store');
        // Even the router's own refusals carry the manage headers and never echo the path
        // (a dot segment like %2e%2e resolves out of the manage path, as in a browser).
        if (new URL(`http://x${MANAGE}/${v}`).pathname.startsWith(`${MANAGE}/`))
          expect(res.headers['referrer-policy'], v).toBe('no-referrer');
        expect(res.body).not.toContain(tok.slice(0, 19));
      }
    }
    expect(await dbSnapshot(t.database)).toEqual(before);
  });

  it('lets a token act on its own booking only', async () => {
    const x = await book(eventId, '2026-12-03', '09:00', 'Klant X');
    const y = await book(eventId, '2026-12-03', '09:30', 'Klant Y');
    // The token is the only handle: naming X anywhere else in Y's request is ignored.
    const viewY = await agent(t.app).get(
      `${MANAGE}/${y.managementToken}?bookingId=${x.booking.id}&id=${x.booking.id}`,
    );
    expect(viewY.json().booking.id).toBe(y.booking.id);

    const othersBefore = await otherRows(y.booking.id);
    const cancelled = await agent(t.app).delete(`${MANAGE}/${y.managementToken}?bookingId=${x.booking.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ id: y.booking.id, status: 'cancelled' });
    expect(await otherRows(y.booking.id)).toEqual(othersBefore);
    expect((await row(x.booking.id)).status).toBe('confirmed');

    const xBefore = await otherRows(x.booking.id);
    const moved = await agent(t.app).patch(`${MANAGE}/${x.managementToken}`, {
      bookingDate: '2026-12-03',
      bookingTime: '15:00',
    });
    expect(moved.json().booking).toMatchObject({ id: x.booking.id, bookingTime: '15:00' });
    expect(await otherRows(x.booking.id)).toEqual(xBefore);
  });

  it('ignores every other field in a reschedule and moves only date and time', async () => {
    const x = await book(eventId, '2026-12-04', '09:00', 'Klant Sjoemel');
    const y = await book(eventId, '2026-12-04', '09:30', 'Klant Slachtoffer');
    const before = await row(x.booking.id);
    const yBefore = await row(y.booking.id);
    const res = await agent(t.app).patch(`${MANAGE}/${x.managementToken}`, {
      bookingDate: '2026-12-04',
      bookingTime: '14:00',
      id: y.booking.id,
      bookingId: y.booking.id,
      eventId: otherEventId,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentAmount: '0.00',
      price: 0,
      durationMinutes: 5,
      customerName: 'Mallory',
      customerEmail: 'mallory@evil.example',
      customFieldResponses: { Naam: 'Mallory' },
      managementTokenHash: sha256('overgenomen'),
      ownerId: '00000000-0000-0000-0000-000000000000',
      startsAt: '2026-12-04T00:00:00Z',
      endsAt: '2026-12-05T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await row(x.booking.id);
    // Exactly the slot moved (and the bookkeeping that comes with a move: the blocked range follows
    // the slot with the booking's own buffers); nothing else.
    const moving = [
      'bookingDate',
      'bookingTime',
      'startsAt',
      'endsAt',
      'blockedFrom',
      'blockedTo',
      'updatedAt',
      'icsSequence',
    ] as const;
    const rest = (r: typeof before) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => !(moving as readonly string[]).includes(k)));
    expect(rest(after)).toEqual(rest(before));
    expect(after).toMatchObject({ bookingDate: '2026-12-04', bookingTime: '14:00' });
    expect([after.blockedFrom, after.blockedTo]).toEqual([after.startsAt, after.endsAt]);
    expect(after.endsAt.getTime() - after.startsAt.getTime()).toBe(30 * 60_000);
    expect(await row(y.booking.id)).toEqual(yBefore);

    // Only the tampering fields, without a new slot: refused, and nothing changes.
    const snapshot = await dbSnapshot(t.database);
    const onlyTampering = await agent(t.app).patch(`${MANAGE}/${x.managementToken}`, {
      status: 'cancelled',
      eventId: otherEventId,
      customerName: 'Mallory',
    });
    expect(onlyTampering.statusCode).toBe(400);
    expect(onlyTampering.json().code).toBe('VALIDATION');
    expect(await dbSnapshot(t.database)).toEqual(snapshot);

    // A cancel with a body naming another booking cancels the token's booking only.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `${MANAGE}/${x.managementToken}`,
      payload: { bookingId: y.booking.id, id: y.booking.id },
    });
    expect(cancel.json().booking).toMatchObject({ id: x.booking.id, status: 'cancelled' });
    expect(await row(y.booking.id)).toEqual(yBefore);
  });

  it('shows the customer their booking and the public event, never tokens, owner or keys', async () => {
    const x = await book(eventId, '2026-12-04', '10:00', 'Klant Inzage');
    const res = await agent(t.app).get(`${MANAGE}/${x.managementToken}`);
    expect(res.statusCode).toBe(200);
    const keys = JSON.stringify(res.json(), (k, v: unknown) =>
      k === 'customFieldResponses' ? undefined : v,
    );
    expect(keys).not.toMatch(/token|hash|box|owner|userId|stripe|google|password|secret/i);
    expect(res.body).not.toContain(x.managementToken);
  });

  it('sends no-store and no-referrer on every manage answer and page, and forbids framing the page', async () => {
    const x = await book(eventId, '2026-12-04', '10:30', 'Klant Kopregels');
    const answers = [
      await agent(t.app).get(`${MANAGE}/${x.managementToken}`),
      await agent(t.app).get(`${MANAGE}/${'B'.repeat(43)}`),
      await agent(t.app).get(`${MANAGE}/kort`),
      await agent(t.app).patch(`${MANAGE}/${x.managementToken}`, { bookingDate: 'gisteren' }),
      await agent(t.app).patch(`${MANAGE}/${x.managementToken}`, {
        bookingDate: '2026-12-04',
        bookingTime: '11:30',
      }),
      await agent(t.app).delete(`${MANAGE}/${x.managementToken}`),
      await agent(t.app).get(`/booking/manage/${x.managementToken}`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 404, 400, 200, 200, answers[6]!.statusCode]);
    for (const res of answers) {
      expect(res.headers['cache-control'], res.raw.req?.url).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const page = answers[6]!;
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('limits cancel and reschedule attempts per visitor (30 a minute), so tokens cannot be tried in bulk', async () => {
    const guesser = agent(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await guesser.delete(`${MANAGE}/${String(i).padStart(43, 'Z')}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await guesser.delete(`${MANAGE}/${'Z'.repeat(43)}`)).json().message).toBe(
      nl.errors.tooManyRequests,
    );
  });
});

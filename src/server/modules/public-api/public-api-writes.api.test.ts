import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@contracts/api-keys';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import type { PublicAvailability, PublicBooking, PublicCreatedBooking } from '@contracts/public-api';
import { bookingHistory, bookings } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { v1Client, type V1Client } from '../../test/v1-client';

/** A Tuesday, 09:00 in Amsterdam: the service (eventPayload) is open Monday to Friday, 1–7 December. */
const NOW = new Date('2026-12-01T08:00:00Z');
const m = nl.apiKeys;

describe.each(dbKinds())('public API writes on %s', (kind) => {
  let t: TestApp;
  let v1: V1Client;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    v1 = v1Client(t);
  });
  afterAll(() => t.close());

  let n = 0;
  async function business(name: string) {
    const a = await owner(t, `${name}-${kind}-${++n}`);
    const event = (await a.post('/api/events', eventPayload({ title: `Knippen ${name}` }))).json() as {
      id: string;
      agendaIds: string[];
    };
    const key = async (keyName: string, access: 'read' | 'read-write' = 'read-write') => {
      const res = await a.post('/api/api-keys', { name: keyName, access });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as CreatedApiKey).key;
    };
    return Object.assign(a, { eventId: event.id, agendaIds: event.agendaIds, key });
  }

  const booking = (eventId: string, date: string, time: string, extra: Record<string, unknown> = {}) => ({
    eventId,
    bookingDate: date,
    bookingTime: time,
    customerName: 'Noor de Vries',
    customerEmail: 'noor@example.nl',
    ...extra,
  });

  const liveBookings = async (eventId: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.eventId, eventId))).filter(
      (b) => b.status !== 'cancelled',
    );
  const history = (bookingId: string, kindOf: 'created' | 'rescheduled' | 'cancelled') =>
    t.database.db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.kind, kindOf)));
  const activityActor = async (a: Agent, bookingId: string, kindOf: string) => {
    const log = (await a.get(`/api/activity?bookingId=${bookingId}`)).json() as {
      entries: { kind: string; actor: { kind: string; name: string | null } }[];
    };
    return log.entries.find((e) => e.kind === kindOf)?.actor;
  };

  it('makes a booking as the key: 201, the booking, history actor api_key and the log naming the key', async () => {
    const a = await business('maken');
    const key = await a.key('Kassa');
    const res = await v1.post('/bookings', { key, body: booking(a.eventId, '2026-12-02', '14:00') });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as PublicCreatedBooking;
    expect(made).toMatchObject({
      status: 'confirmed',
      serviceId: a.eventId,
      serviceName: 'Knippen maken',
      agendaId: a.agendaIds[0],
      customerName: 'Noor de Vries',
      customerEmail: 'noor@example.nl',
      startsAt: '2026-12-02T14:00:00+01:00',
      endsAt: '2026-12-02T14:30:00+01:00',
      date: '2026-12-02',
      time: '14:00',
      paymentStatus: 'not_required',
      warnings: [],
    });
    expect(made.customerId).toBeTruthy();
    // The answer is the booking as GET answers it (and the warnings).
    const { warnings, ...asRead } = made;
    expect(warnings).toEqual([]);
    expect((await v1.get(`/bookings/${made.id}`, { key })).json()).toEqual(asRead);

    const [entry] = await history(made.id, 'created');
    expect(entry).toMatchObject({ actor: 'api_key', memberId: null, memberName: 'API-sleutel Kassa' });
    expect(await activityActor(a, made.id, 'booking.created')).toMatchObject({
      kind: 'api_sleutel',
      name: 'API-sleutel Kassa',
    });

    // The owner's overrulable rules warn, as in the owner's dialog: a time outside the working hours.
    const late = await v1.post('/bookings', { key, body: booking(a.eventId, '2026-12-02', '18:00') });
    expect(late.statusCode, late.body).toBe(201);
    expect((late.json() as PublicCreatedBooking).warnings).toEqual(['outsideHours']);
  });

  it('refuses a taken slot (409 SLOT_TAKEN), bad details in Dutch, and another business’s service', async () => {
    const a = await business('bezet');
    const b = await business('andere');
    const key = await a.key('Kassa');
    expect(
      (await v1.post('/bookings', { key, body: booking(a.eventId, '2026-12-03', '10:00') })).statusCode,
    ).toBe(201);
    const taken = await v1.post('/bookings', {
      key,
      body: booking(a.eventId, '2026-12-03', '10:00', {
        customerName: 'Jan',
        customerEmail: 'jan@example.nl',
      }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', message: nlPublicSteps.booking.slotTaken });

    const bad = await v1.post('/bookings', {
      key,
      body: { eventId: a.eventId, bookingDate: '2026-13-40', bookingTime: '10:00', notifyCustomer: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(bad.json().fields).toMatchObject({ bookingDate: nl.eventRules.invalidDate });

    const theirs = await v1.post('/bookings', { key, body: booking(b.eventId, '2026-12-03', '11:00') });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: nl.eventRules.eventNotFound });
    expect(await liveBookings(b.eventId)).toHaveLength(0);
  });

  it('moves a booking by the owner’s move rules; a day the service is closed and a taken time are refused', async () => {
    const a = await business('verzet');
    const b = await business('vreemd');
    const key = await a.key('Planner');
    const first = (
      await v1.post('/bookings', { key, body: booking(a.eventId, '2026-12-02', '10:00') })
    ).json() as PublicBooking;
    const second = (
      await v1.post('/bookings', {
        key,
        body: booking(a.eventId, '2026-12-02', '11:00', {
          customerName: 'Jan',
          customerEmail: 'jan@example.nl',
        }),
      })
    ).json() as PublicBooking;

    const moved = await v1.patch(`/bookings/${first.id}`, {
      key,
      body: { bookingDate: '2026-12-04', bookingTime: '15:30' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      id: first.id,
      date: '2026-12-04',
      time: '15:30',
      startsAt: '2026-12-04T15:30:00+01:00',
      status: 'confirmed',
    });
    const [entry] = await history(first.id, 'rescheduled');
    expect(entry).toMatchObject({ actor: 'api_key', memberName: 'API-sleutel Planner' });

    // Saturday: the service does not work then, which binds the owner's move too.
    const closed = await v1.patch(`/bookings/${first.id}`, {
      key,
      body: { bookingDate: '2026-12-05', bookingTime: '10:00' },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(nl.booking.slotUnavailable);
    const taken = await v1.patch(`/bookings/${first.id}`, {
      key,
      body: { bookingDate: second.date, bookingTime: second.time },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    const noTime = await v1.patch(`/bookings/${first.id}`, { key, body: { bookingDate: '2026-12-04' } });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().code).toBe('VALIDATION');
    expect((await v1.get(`/bookings/${first.id}`, { key })).json()).toMatchObject({
      date: '2026-12-04',
      time: '15:30',
    });

    // Another business's booking is not found, and stays where it was.
    const theirKey = await b.key('Hun kassa');
    const theirs = (
      await v1.post('/bookings', { key: theirKey, body: booking(b.eventId, '2026-12-02', '10:00') })
    ).json() as PublicBooking;
    const foreign = await v1.patch(`/bookings/${theirs.id}`, {
      key,
      body: { bookingDate: '2026-12-03', bookingTime: '10:00' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await v1.post(`/bookings/${theirs.id}/cancel`, { key })).statusCode).toBe(404);
    expect((await v1.get(`/bookings/${theirs.id}`, { key: theirKey })).json()).toMatchObject({
      status: 'confirmed',
      date: '2026-12-02',
    });
  });

  it('cancels a booking as the key (without a body too), and a cancelled one cannot be cancelled again', async () => {
    const a = await business('annuleer');
    const key = await a.key('Kassa');
    const made = (
      await v1.post('/bookings', { key, body: booking(a.eventId, '2026-12-03', '09:00') })
    ).json() as PublicBooking;
    const cancelled = await v1.post(`/bookings/${made.id}/cancel`, { key, body: { notifyCustomer: false } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: made.id, status: 'cancelled' });
    const [entry] = await history(made.id, 'cancelled');
    expect(entry).toMatchObject({ actor: 'api_key', memberName: 'API-sleutel Kassa' });
    expect(await activityActor(a, made.id, 'booking.cancelled')).toMatchObject({
      kind: 'api_sleutel',
      name: 'API-sleutel Kassa',
    });

    const again = await v1.post(`/bookings/${made.id}/cancel`, { key });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: nl.ownerBookings.cancelledCannotEdit });
    // The slot is free again.
    const other = (
      await v1.post('/bookings', {
        key,
        body: booking(a.eventId, '2026-12-03', '09:00', {
          customerName: 'Jan',
          customerEmail: 'jan@example.nl',
        }),
      })
    ).json() as PublicBooking;
    const bare = await v1.post(`/bookings/${other.id}/cancel`, { key });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().status).toBe('cancelled');
  });

  it('refuses a read key every write with 403, changing nothing', async () => {
    const a = await business('lezer');
    const write = await a.key('Kassa');
    const read = await a.key('Boekhouding', 'read');
    const made = (
      await v1.post('/bookings', { key: write, body: booking(a.eventId, '2026-12-02', '10:00') })
    ).json() as PublicBooking;
    const attempts = [
      v1.post('/bookings', { key: read, body: booking(a.eventId, '2026-12-02', '11:00') }),
      v1.patch(`/bookings/${made.id}`, {
        key: read,
        body: { bookingDate: '2026-12-03', bookingTime: '10:00' },
      }),
      v1.post(`/bookings/${made.id}/cancel`, { key: read }),
      v1.post(`/bookings/${made.id}/no-show`, { key: read }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: m.readOnly });
    }
    const live = await liveBookings(a.eventId);
    expect(live.map((b) => [b.id, b.bookingDate, b.bookingTime, b.status])).toEqual([
      [made.id, '2026-12-02', '10:00', 'confirmed'],
    ]);
  });

  it('answers a retried Idempotency-Key with the first result and makes nothing; another body is 422', async () => {
    const a = await business('idem');
    const key = await a.key('Kassa');
    const otherKey = await a.key('Webshop');
    const headers = { 'idempotency-key': `boeking-${kind}-1` };
    const body = booking(a.eventId, '2026-12-07', '10:00');

    const first = await v1.post('/bookings', { key, body, headers });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await v1.post('/bookings', { key, body, headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await liveBookings(a.eventId)).toHaveLength(1);
    const [created] = await t.database.db
      .select()
      .from(bookingHistory)
      .where(
        and(eq(bookingHistory.bookingId, first.json().id as string), eq(bookingHistory.kind, 'created')),
      );
    expect(created).toBeTruthy();

    const reused = await v1.post('/bookings', {
      key,
      body: booking(a.eventId, '2026-12-07', '11:00'),
      headers,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: nl.errors.idempotencyKeyReused,
    });
    expect(await liveBookings(a.eventId)).toHaveLength(1);

    // Another API key with the same Idempotency-Key is another key: it runs (and is refused as a
    // second booking of the taken slot), and with another body it books.
    const sameSlot = await v1.post('/bookings', { key: otherKey, body, headers });
    expect(sameSlot.statusCode).toBe(409);
    expect(sameSlot.json().code).toBe('SLOT_TAKEN');
    const elsewhere = await v1.post('/bookings', {
      key: otherKey,
      body: booking(a.eventId, '2026-12-07', '11:00'),
      headers: { 'idempotency-key': `boeking-${kind}-2` },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(await liveBookings(a.eventId)).toHaveLength(2);

    // A cancel retried answers its first 200, not the 409 of a second cancel; a move likewise once.
    const id = first.json().id as string;
    const cancelHeaders = { 'idempotency-key': `annuleer-${kind}` };
    const moveHeaders = { 'idempotency-key': `verzet-${kind}` };
    const move = { bookingDate: '2026-12-07', bookingTime: '14:00' };
    const moved = await v1.patch(`/bookings/${id}`, { key, body: move, headers: moveHeaders });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedAgain = await v1.patch(`/bookings/${id}`, { key, body: move, headers: moveHeaders });
    expect(movedAgain.json()).toEqual(moved.json());
    expect(await history(id, 'rescheduled')).toHaveLength(1);
    const cancelled = await v1.post(`/bookings/${id}/cancel`, { key, headers: cancelHeaders });
    expect(cancelled.statusCode).toBe(200);
    const cancelledAgain = await v1.post(`/bookings/${id}/cancel`, { key, headers: cancelHeaders });
    expect(cancelledAgain.statusCode).toBe(200);
    expect(cancelledAgain.json()).toEqual(cancelled.json());
    expect(await history(id, 'cancelled')).toHaveLength(1);

    const malformed = await v1.post('/bookings', {
      key,
      body: booking(a.eventId, '2026-12-07', '15:00'),
      headers: { 'idempotency-key': 'met spatie' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: nl.errors.idempotencyKeyInvalid });
  });

  it('answers a service’s free times of a month, without taken, closed or past times', async () => {
    const a = await business('vrij');
    const b = await business('niet-van-mij');
    const key = await a.key('Website', 'read');
    const write = await a.key('Kassa');
    await v1.post('/bookings', { key: write, body: booking(a.eventId, '2026-12-02', '10:00') });

    const res = await v1.get(`/services/${a.eventId}/availability?month=2026-12`, { key });
    expect(res.statusCode, res.body).toBe(200);
    const month = res.json() as PublicAvailability;
    expect(month).toMatchObject({ serviceId: a.eventId, month: '2026-12', timeZone: 'Europe/Amsterdam' });
    // The service's range is 1–7 December, Monday to Friday.
    expect(month.days.map((d) => d.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
    const day = (date: string) => month.days.find((d) => d.date === date)!.slots.map((s) => s.time);
    expect(day('2026-12-02')).not.toContain('10:00');
    expect(day('2026-12-02')).toContain('10:30');
    // Tuesday's pause (12:00–13:00) is not free.
    expect(day('2026-12-01')).not.toContain('12:00');
    expect(day('2026-12-03')).toContain('12:00');
    expect(month.days.find((d) => d.date === '2026-12-03')!.slots[0]).toEqual({
      time: '09:00',
      startsAt: '2026-12-03T09:00:00+01:00',
    });

    const agenda = await v1.get(
      `/services/${a.eventId}/availability?month=2026-12&agendaId=${a.agendaIds[0]}`,
      {
        key,
      },
    );
    expect(agenda.json()).toEqual(month);
    const empty = (await v1.get(`/services/${a.eventId}/availability?month=2027-01`, { key })).json();
    expect(empty.days).toEqual([]);

    const badMonth = await v1.get(`/services/${a.eventId}/availability?month=2026-13`, { key });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toMatchObject({ code: 'VALIDATION', message: m.invalidMonth });
    const noMonth = await v1.get(`/services/${a.eventId}/availability`, { key });
    expect(noMonth.statusCode).toBe(400);
    const otherAgenda = await v1.get(
      `/services/${a.eventId}/availability?month=2026-12&agendaId=${b.agendaIds[0]}`,
      { key },
    );
    expect(otherAgenda.statusCode).toBe(400);
    expect(otherAgenda.json().message).toBe(m.invalidAgenda);
    const theirs = await v1.get(`/services/${b.eventId}/availability?month=2026-12`, { key });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
  });
});

describe.each(dbKinds())('public API writes under the rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW, env: { API_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('counts writes per key like reads', async () => {
    const v1 = v1Client(t);
    const a = await owner(t, `schrijflimiet-${kind}`);
    const event = (await a.post('/api/events', eventPayload())).json() as { id: string };
    const key = (
      (await a.post('/api/api-keys', { name: 'Een', access: 'read-write' })).json() as CreatedApiKey
    ).key;
    const other = (
      (await a.post('/api/api-keys', { name: 'Twee', access: 'read-write' })).json() as CreatedApiKey
    ).key;
    const body = (time: string) => ({
      eventId: event.id,
      bookingDate: '2026-12-02',
      bookingTime: time,
      customerName: 'Klant',
    });
    for (const time of ['09:00', '09:30', '10:00'])
      expect((await v1.post('/bookings', { key, body: body(time) })).statusCode).toBe(201);
    const limited = await v1.post('/bookings', { key, body: body('10:30') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: nl.errors.tooManyRequests });
    expect((await v1.post('/bookings', { key: other, body: body('10:30') })).statusCode).toBe(201);
  });
});

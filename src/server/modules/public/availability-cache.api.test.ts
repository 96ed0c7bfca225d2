import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { bookings, googleBusyTimes, users } from '../../db/schema';
import { createAgenda, createService, type Owner } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { insertBooking, owner } from '../../test/fixtures';
import { booked, busyTimes, settableClock } from '../../test/rules-fixtures';
import { agent, createTestApp, FAST_JOBS, testConfig, type TestApp } from '../../test/test-app';
import { nextBookableDate, ownerInstant } from '../../test/test-today';
import { PRIMARY } from '../google/google.repo';

/**
 * The availability cache (docs/decisions/007-availability-cache.md): the month view and the taken
 * times of a date are served from memory, and every kind of change to what decides them is seen by
 * the very next read: through the triggers of migration 0017, whatever wrote the change.
 */

/** What a customer sees of `date` at `app`: the month view's busy times and the taken times. */
async function seen(app: FastifyInstance, eventId: string, date: string) {
  const c = agent(app);
  const month = await c.get(`/api/public/events/${eventId}/availability?month=${date.slice(0, 7)}`);
  expect(month.statusCode, month.body).toBe(200);
  const day = (
    month.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
  ).find((d) => d.date === date);
  const taken = await c.get(`/api/public/events/${eventId}/bookings/${date}`);
  expect(taken.statusCode, taken.body).toBe(200);
  return {
    offered: day ? day.slots.map((s) => s.time) : [],
    busy: day ? busyTimes(Object.fromEntries(day.slots.map((s) => [s.time, s.busy]))) : [],
    taken: (taken.json() as Array<{ bookingTime: string }>).map((r) => r.bookingTime),
    timeZone: month.json().timeZone as string,
  };
}

/** The times a customer can take. */
const free = (s: { offered: string[]; busy: string[] }) => s.offered.filter((time) => !s.busy.includes(time));

describe.each(dbKinds())('availability cache on %s', (kind) => {
  let t: TestApp;
  const clock = settableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t.close());

  /** A fresh owner with a Saturday service (09:00–17:00, 30 minutes) and its first date, read once (cached). */
  async function salon() {
    clock.setTo(clock.at.toISOString().slice(0, 10), '08:00');
    const a = await owner(t);
    const service = await createService(a, 'Knippen', 30);
    const date = nextBookableDate(service);
    const before = await seen(t.app, service.id, date);
    expect(before.busy).toEqual([]);
    expect(before.taken).toEqual([]);
    return { a, service, date };
  }

  it('serves a repeated read from memory: a change written with the triggers switched off is not seen', async () => {
    const { service, date } = await salon();
    await booked(t, service.id, date, '10:00', 'Dirk');
    expect((await seen(t.app, service.id, date)).busy).toEqual(['10:00']);
    // Only a test can write without the triggers (session_replication_role needs a superuser).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.eventId, service.id));
    });
    expect((await seen(t.app, service.id, date)).busy).toEqual(['10:00']);
    // The next minute computes it again.
    clock.setAt(new Date(clock.at.getTime() + 60_000));
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
  });

  it('shows a booking, its move and its cancel at once', async () => {
    const { service, date } = await salon();
    const { token } = await booked(t, service.id, date, '10:00', 'Anna');
    expect(await seen(t.app, service.id, date)).toMatchObject({ busy: ['10:00'], taken: ['10:00'] });

    const moved = await agent(t.app).patch(`/api/public/bookings/manage/${token}`, {
      bookingDate: date,
      bookingTime: '11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await seen(t.app, service.id, date)).toMatchObject({ busy: ['11:00'], taken: ['11:00'] });

    const cancelled = await agent(t.app).delete(`/api/public/bookings/manage/${token}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await seen(t.app, service.id, date)).toMatchObject({ busy: [], taken: [] });
  });

  it("shows the owner's move and delete of a booking at once", async () => {
    const { a, service, date } = await salon();
    const { id } = await booked(t, service.id, date, '10:00', 'Bram');
    expect((await seen(t.app, service.id, date)).busy).toEqual(['10:00']);
    const moved = await a.patch(`/api/bookings/${id}`, { bookingDate: date, bookingTime: '14:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await seen(t.app, service.id, date)).busy).toEqual(['14:00']);
    const deleted = await a.delete(`/api/bookings/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
  });

  it('frees the slot of a payment hold the moment it expires, without any write', async () => {
    const { service, date } = await salon();
    // The clock stands still within one minute, so only the hold's expiry can end the cached answer.
    clock.setAt(new Date(ownerInstant(clock.at.toISOString().slice(0, 10), '08:00').getTime() + 5_000));
    await insertBooking(t, service.id, date, '10:00', { status: 'pending', paymentStatus: 'pending' });
    const expires = new Date(clock.at.getTime() + 20_000);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: expires })
      .where(and(eq(bookings.eventId, service.id), eq(bookings.bookingTime, '10:00')));
    expect(await seen(t.app, service.id, date)).toMatchObject({ busy: ['10:00'], taken: ['10:00'] });
    clock.setAt(new Date(expires.getTime() - 1));
    expect((await seen(t.app, service.id, date)).busy).toEqual(['10:00']);
    clock.setAt(expires);
    expect(await seen(t.app, service.id, date)).toMatchObject({ busy: [], taken: [] });
  });

  it("follows a rule edit, a closure and the owner's time zone at once", async () => {
    const { a, service, date } = await salon();
    const edited = await a.patch(`/api/events/${service.id}`, {
      workingDays: { ...service.workingDays, '6': { enabled: true, startTime: '09:00', endTime: '10:00' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await seen(t.app, service.id, date)).offered).toEqual(['09:00', '09:30']);

    const closed = await a.post('/api/closures', { startDate: date, endDate: date, label: 'Verbouwing' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(free(await seen(t.app, service.id, date))).toEqual([]);
    const reopened = await a.delete(`/api/closures/${closed.json().id}`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);

    await t.database.db.update(users).set({ timeZone: 'Europe/London' }).where(eq(users.id, a.id));
    expect((await seen(t.app, service.id, date)).timeZone).toBe('Europe/London');
  });

  it("follows the service's agendas: a second one frees a time the first is busy at", async () => {
    const { a, service, date } = await salon();
    await booked(t, service.id, date, '10:00', 'Cor');
    expect((await seen(t.app, service.id, date)).busy).toEqual(['10:00']);
    const chair = await createAgenda(a, 'Stoel 2');
    const res = await a.patch(`/api/events/${service.id}`, { agendaIds: [...service.agendaIds, chair] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
  });

  it('follows Google Calendar: the connection and a busy time synced into it', async () => {
    const { a, service, date } = await salon();
    // What the sync writes (google.repo): the connection on the owner, busy times per calendar.
    await t.database.db.update(users).set({ googleAccessToken: 'versleuteld' }).where(eq(users.id, a.id));
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
    await t.database.db.insert(googleBusyTimes).values({
      userId: a.id,
      calendarId: PRIMARY,
      googleEventId: 'tandarts',
      startsAt: ownerInstant(date, '15:00'),
      endsAt: ownerInstant(date, '15:30'),
    });
    expect((await seen(t.app, service.id, date)).busy).toEqual(['15:00']);
    await t.database.db.delete(googleBusyTimes).where(eq(googleBusyTimes.userId, a.id));
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
  });

  it('moves with the clock: a slot whose minimum notice has passed goes within the minute', async () => {
    const { a, service, date } = await salon();
    const res = await a.patch(`/api/events/${service.id}`, { minimumNoticeMinutes: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await seen(t.app, service.id, date)).busy).toEqual([]);
    clock.setTo(date, '09:00');
    expect((await seen(t.app, service.id, date)).busy).toContain('09:30');
  });
});

/** Two app instances on one PostgreSQL database: separate pools, listeners and caches. */
describe.skipIf(!dbKinds().includes('postgres'))('availability cache across two instances', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database };
  const clock = settableClock();
  beforeAll(async () => {
    t = await createTestApp('postgres', { now: clock.now });
    const database = openPostgres(t.database.url!);
    const app = await buildApp({ config: testConfig(), database, now: clock.now, jobOptions: FAST_JOBS });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t.close();
  });

  async function salonOnB(): Promise<{ a: Owner; id: string; date: string }> {
    const a = await owner(t);
    const service = await createService(a, 'Knippen', 30);
    const date = nextBookableDate(service);
    // Read twice on B: the second answer is B's cached one.
    await seen(second.app, service.id, date);
    expect((await seen(second.app, service.id, date)).busy).toEqual([]);
    return { a, id: service.id, date };
  }

  it("shows a booking made on A at once on B, and A's cancel too", async () => {
    const { id, date } = await salonOnB();
    for (let n = 0; n < 5; n++) {
      const time = `1${n}:00`;
      const { token } = await booked(t, id, date, time, `Klant ${n}`);
      expect((await seen(second.app, id, date)).busy).toContain(time);
      const cancelled = await agent(t.app).delete(`/api/public/bookings/manage/${token}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await seen(second.app, id, date)).busy).not.toContain(time);
    }
  });

  it('shows a closure and a rule change made on A at once on B', async () => {
    const { a, id, date } = await salonOnB();
    const closed = await a.post('/api/closures', { startDate: date, endDate: date, label: 'Dicht' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(free(await seen(second.app, id, date))).toEqual([]);
    await a.delete(`/api/closures/${closed.json().id}`);
    expect((await seen(second.app, id, date)).busy).toEqual([]);

    const edited = await a.patch(`/api/events/${id}`, {
      dailyPauseTimes: { '6': [{ start: '12:00', end: '13:00' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await seen(second.app, id, date)).offered).not.toContain('12:00');
  });
});

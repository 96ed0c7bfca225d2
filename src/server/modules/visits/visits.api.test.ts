import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { book, slotsOn } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { postVisit, salon as makeSalon, visitSlots as daySlots } from '../../test/visit-fixtures';

const b = nlPublicSteps.booking;

/**
 * Visits and services that need a person and a room: Knippen + Föhnen booked as one visit, Kleuren
 * needing one of two stylists and the colour room, the database deciding every race.
 */
describe.each(dbKinds())('visits and agenda groups on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const salon = () => makeSalon(t);
  const visit = (
    services: Array<{ eventId: string; agendaId?: string }>,
    date: string,
    time: string,
    name: string,
    agendaId?: string,
  ) => postVisit(t, services, date, time, name, agendaId);
  const visitSlots = (ids: string[], date: string, agendaId?: string) => daySlots(t, ids, date, agendaId);

  it('books Knippen + Föhnen as one visit: the second starts when the first ends', async () => {
    const { knippen, fohnen, anna, date } = await salon();
    const res = await visit([{ eventId: knippen.id }, { eventId: fohnen.id }], date, '10:00', 'Sanne', anna);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(
      created.segments.map((s: { service: string; time: string; endTime: string }) => [
        s.service,
        s.time,
        s.endTime,
      ]),
    ).toEqual([
      ['Knippen', '10:00', '10:30'],
      ['Föhnen', '10:30', '10:45'],
    ]);
    expect(created.totals.durationMinutes).toBe(45);
    // The manage link shows the whole visit.
    const managed = (await agent(t.app).get(`/api/public/bookings/manage/${created.managementToken}`)).json();
    expect(managed.visit.segments).toHaveLength(2);
    // Anna is taken 10:00–10:45: the visit cannot start at 10:00 with her again, a single Knippen at 10:30 not either.
    expect((await visitSlots([knippen.id, fohnen.id], date, anna))['10:00']).toBe(true);
    expect((await slotsOn(t, knippen.id, date, anna))['10:30']).toBe(true);
    // Cancelling the visit frees both segments.
    const cancelled = await agent(t.app).delete(`/api/public/bookings/manage/${created.managementToken}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().visit.segments.map((s: { status: string }) => s.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect((await visitSlots([knippen.id, fohnen.id], date, anna))['10:00']).toBe(false);
  });

  it('refuses Kleuren when the colour room is taken, though a stylist is free', async () => {
    const { kleuren, anna, bram, date } = await salon();
    const first = await book(t, kleuren.id, date, '10:30', 'Eerste', anna);
    expect(first.statusCode, first.body).toBe(201);
    expect((await slotsOn(t, kleuren.id, date, bram))['10:30']).toBe(true);
    const second = await book(t, kleuren.id, date, '10:30', 'Tweede', bram);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(b.slotTaken);
  });

  it('gives exactly one of 30 parallel Kleuren bookings at one time (one room, two stylists)', async () => {
    const { kleuren, room, date } = await salon();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => book(t, kleuren.id, date, '13:30', `Kleur ${i}`)),
    );
    const won = results.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(29);
    const rows = await t.database.db
      .select({ extra: bookings.extraAgendaIds })
      .from(bookings)
      .where(and(eq(bookings.eventId, kleuren.id), ne(bookings.status, 'cancelled')));
    expect(rows.map((r) => r.extra)).toEqual([[room]]);
  });

  it('stores exactly two of 50 parallel two-service visits with two stylists, none in part', async () => {
    const { knippen, fohnen, date } = await salon();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        visit([{ eventId: knippen.id }, { eventId: fohnen.id }], date, '14:00', `Bezoek ${i}`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(48);
    const rows = await t.database.db
      .select({ visitId: bookings.visitId, n: count() })
      .from(bookings)
      .where(and(inArray(bookings.eventId, [knippen.id, fohnen.id]), ne(bookings.status, 'cancelled')))
      .groupBy(bookings.visitId);
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
    expect(rows.every((r) => r.visitId !== null)).toBe(true);
  });
});

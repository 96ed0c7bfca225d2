import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { book, createAgenda, createService, slotsOn, type Owner } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';

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

  /** A salon with two stylists and a colour room, and its services. */
  async function salon() {
    const a: Owner = await owner(t);
    const anna = (await a.get('/api/agendas')).json()[0].id as string;
    const bram = await createAgenda(a, 'Bram');
    const room = await createAgenda(a, 'Kleurkamer');
    const stylists = { agendaIds: [anna, bram], allowCombinations: true };
    const knippen = await createService(a, 'Knippen', 30, stylists);
    const fohnen = await createService(a, 'Föhnen', 15, stylists);
    const kleuren = await createService(a, 'Kleuren', 90, {
      agendaGroups: [[anna, bram], [room]],
    } as never);
    const [date] = bookableDates(knippen, 1) as [string];
    return { a, anna, bram, room, knippen, fohnen, kleuren, date };
  }

  const visit = (
    services: Array<{ eventId: string; agendaId?: string }>,
    date: string,
    time: string,
    name: string,
    agendaId?: string,
  ) =>
    agent(t.app).post('/api/public/visits', {
      services,
      date,
      time,
      answers: { Naam: name, 'E-mail': `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.nl` },
      ...(agendaId ? { agendaId } : {}),
    });

  async function visitSlots(ids: string[], date: string, agendaId?: string) {
    const query = `services=${ids.join(',')}&month=${date.slice(0, 7)}${agendaId ? `&agendaId=${agendaId}` : ''}`;
    const res = await agent(t.app).get(`/api/public/visits/availability?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const day = (
      res.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
    ).find((d) => d.date === date);
    return Object.fromEntries((day?.slots ?? []).map((s) => [s.time, s.busy]));
  }

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

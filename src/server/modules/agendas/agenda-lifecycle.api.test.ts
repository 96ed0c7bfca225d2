import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGENDAS } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { formatLongDutchDate, slotInterval } from '@core/index';
import { agendas, bookings } from '../../db/schema';
import { book, createAgenda, createService } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { insertBooking, owner, stamps, templatePayload } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { daysFromToday, nextBookableDate, OWNER_ZONE } from '../../test/test-today';

const m = nl.agendas;

/** The agendas API beyond the basics (agendas.api.test.ts): review notices, limits, deleted agendas. */
describe.each(dbKinds())('agenda lifecycle on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('shows the migration’s review notice until the owner marks it seen', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Föhnen');
    // What migration 0011 leaves for a service whose bookings overlapped another's.
    await t.database.db.update(agendas).set({ needsReview: true }).where(eq(agendas.id, id));
    expect((await a.get('/api/agendas')).json()[1]).toMatchObject({ id, needsReview: true });

    const back = await a.patch(`/api/agendas/${id}`, { needsReview: true });
    expect(back.statusCode).toBe(400);
    const seen = await a.patch(`/api/agendas/${id}`, { needsReview: false });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id, name: 'Föhnen', needsReview: false });
    expect((await a.get('/api/agendas')).json()[1].needsReview).toBe(false);
  });

  it('links and unlinks an agenda’s own Google calendar; other changes leave it linked', async () => {
    const a = await owner(t);
    const id = await createAgenda(a, 'Stoel 2');
    const calendar = 'stoel2@group.calendar.google.com';
    expect(
      (await a.patch(`/api/agendas/${id}`, { googleCalendarId: calendar })).json().googleCalendarId,
    ).toBe(calendar);
    const renamed = await a.patch(`/api/agendas/${id}`, { name: 'Mila', color: '#EF4444' });
    expect(renamed.json()).toMatchObject({ name: 'Mila', googleCalendarId: calendar });
    expect(
      (await a.patch(`/api/agendas/${id}`, { googleCalendarId: '' })).json().googleCalendarId,
    ).toBeNull();
  });

  it(`keeps at most ${MAX_AGENDAS} live agendas per owner`, async () => {
    const a = await owner(t);
    const ids: string[] = [];
    for (let i = 1; i < MAX_AGENDAS; i++) ids.push(await createAgenda(a, `Stoel ${i}`));
    expect((await a.get('/api/agendas')).json()).toHaveLength(MAX_AGENDAS);
    const tooMany = await a.post('/api/agendas', { name: 'Eén te veel' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(m.tooMany);
    // A deleted agenda no longer counts; another owner has their own allowance.
    expect((await a.delete(`/api/agendas/${ids[0]}`)).statusCode).toBe(200);
    expect((await a.post('/api/agendas', { name: 'Eén te veel' })).statusCode).toBe(201);
    expect((await (await owner(t)).post('/api/agendas', { name: 'Stoel 1' })).statusCode).toBe(201);
  });

  it('deletes an agenda with only past and cancelled bookings; they keep its name', async () => {
    const a = await owner(t);
    const [standard] = (await a.get('/api/agendas')).json();
    const chair = await createAgenda(a, 'Stoel 2');
    const fohnen = await createService(a, 'Föhnen', 30, { agendaIds: [chair] });
    await insertBooking(t, fohnen.id, daysFromToday(-7), '10:00', { customerName: 'Oud Klant' });
    const future = await book(t, fohnen.id, nextBookableDate(fohnen), '10:00', 'Nieuw Klant');
    expect(future.json().booking.agendaId).toBe(chair);
    const cancelled = await agent(t.app).delete(
      `/api/public/bookings/manage/${future.json().managementToken}`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await a.patch(`/api/events/${fohnen.id}`, { agendaIds: [standard.id] })).statusCode).toBe(200);

    expect((await a.delete(`/api/agendas/${chair}`)).statusCode).toBe(200);
    const kept = (await a.get(`/api/bookings?agendaId=${chair}`)).json() as Array<{
      customerName: string;
      agendaName: string;
    }>;
    expect(kept.map((r) => [r.customerName, r.agendaName]).sort()).toEqual([
      ['Nieuw Klant', 'Stoel 2'],
      ['Oud Klant', 'Stoel 2'],
    ]);
    // Gone for new choices: the list, services and templates refuse it; its name is free again.
    expect((await a.get('/api/agendas')).json().map((x: { id: string }) => x.id)).toEqual([standard.id]);
    const service = await a.patch(`/api/events/${fohnen.id}`, { agendaIds: [chair] });
    expect(service.statusCode).toBe(400);
    expect(service.json().message).toBe(m.unknown);
    const template = await a.post('/api/templates', templatePayload({ agendaIds: [chair] }));
    expect(template.statusCode).toBe(400);
    expect(template.json().message).toBe(m.unknown);
    expect((await a.delete(`/api/agendas/${chair}`)).statusCode).toBe(404);
    expect((await a.post('/api/agendas', { name: 'Stoel 2' })).statusCode).toBe(201);
  });

  it('refuses to delete a room a service needs or a future booking occupies beside its person', async () => {
    const a = await owner(t);
    const [standard] = (await a.get('/api/agendas')).json();
    const room = await createAgenda(a, 'Kleurkamer');
    const kleuren = await createService(a, 'Kleuren', 90, { agendaGroups: [[standard.id], [room]] });
    const usedByEvent = await a.delete(`/api/agendas/${room}`);
    expect(usedByEvent.statusCode).toBe(409);
    expect(usedByEvent.json().message).toBe(m.usedByEvents.replace('{events}', 'Kleuren'));

    // The service no longer needs the room, but a booking that took it beside the person lies ahead.
    // (Written directly: which room a booking takes is the booking path's.)
    const date = nextBookableDate(kleuren);
    const { start, end } = slotInterval(date, '10:00', 90, OWNER_ZONE);
    const [booking] = await t.database.db
      .insert(bookings)
      .values({
        eventId: kleuren.id,
        extraAgendaIds: [room],
        customerName: 'Kamer Klant',
        bookingDate: date,
        bookingTime: '10:00',
        startsAt: new Date(start),
        endsAt: new Date(end),
        managementTokenHash: `room-${kleuren.id}`,
        ...stamps(t),
      })
      .returning();
    expect(booking!.agendaId).toBe(standard.id);
    expect((await a.patch(`/api/events/${kleuren.id}`, { agendaGroups: [[standard.id]] })).statusCode).toBe(
      200,
    );
    const usedByBooking = await a.delete(`/api/agendas/${room}`);
    expect(usedByBooking.statusCode).toBe(409);
    expect(usedByBooking.json().message).toBe(
      m.usedByBookings
        .replace('{count}', '1')
        .replace('{date}', formatLongDutchDate(date))
        .replace('{time}', '10:00'),
    );

    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking!.id));
    expect((await a.delete(`/api/agendas/${room}`)).statusCode).toBe(200);
    // Gone: no group may name it again.
    const again = await a.patch(`/api/events/${kleuren.id}`, { agendaGroups: [[standard.id], [room]] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.unknown);
  });

  it('never lists another owner’s bookings through the agenda filter', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const theirs = await createService(b, 'Knippen', 30);
    expect((await book(t, theirs.id, nextBookableDate(theirs), '10:00', 'Klant Van B')).statusCode).toBe(201);
    const filtered = await a.get(`/api/bookings?agendaId=${theirs.agendaIds[0]}`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toEqual([]);
    expect((await b.get(`/api/bookings?agendaId=${theirs.agendaIds[0]}`)).json()).toHaveLength(1);
    expect((await a.get('/api/bookings?agendaId=geen-id')).statusCode).toBe(400);
  });
});

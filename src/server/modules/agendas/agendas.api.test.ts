import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { formatLongDutchDate } from '@core/index';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner, templatePayload } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate, upcomingRange } from '../../test/test-today';

const m = nl.agendas;
const answers = { Naam: 'Sanne de Vries', 'E-mail': 'sanne@example.nl' };

describe.each(dbKinds())('agendas API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives every new owner one default agenda (not named after the login), used by new services', async () => {
    const a = await owner(t, 'salonanna');
    const list = (await a.get('/api/agendas')).json();
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: nl.agendas.defaultName,
        color: '#3B82F6',
        isDefault: true,
        googleCalendarId: null,
        needsReview: false,
        workingDays: null,
        dailyPauseTimes: null,
      },
    ]);
    const event = (await a.post('/api/events', eventPayload(upcomingRange()))).json();
    expect(event.agendaIds).toEqual([list[0].id]);
    const template = (await a.post('/api/templates', templatePayload())).json();
    expect(template.agendaIds).toEqual([list[0].id]);
  });

  it('adds, renames, recolours and lists agendas, the default first', async () => {
    const a = await owner(t);
    const created = await a.post('/api/agendas', { name: ' Stoel 2 ', color: '#10B981' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Stoel 2', color: '#10B981', isDefault: false });
    const renamed = await a.patch(`/api/agendas/${created.json().id}`, { name: 'Mila', color: '#EF4444' });
    expect(renamed.json()).toMatchObject({ name: 'Mila', color: '#EF4444' });
    const names = (await a.get('/api/agendas')).json().map((x: { name: string }) => x.name);
    expect(names).toHaveLength(2);
    expect(names[1]).toBe('Mila');
  });

  it('refuses a name twice, an empty name and an empty change with Dutch 400s', async () => {
    const a = await owner(t);
    await a.post('/api/agendas', { name: 'Kamer 1' });
    const twice = await a.post('/api/agendas', { name: 'kamer 1' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: m.nameTaken, fields: { name: m.nameTaken } });
    const empty = await a.post('/api/agendas', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.nameRequired);
    const id = (await a.get('/api/agendas')).json()[1].id;
    const nothing = await a.patch(`/api/agendas/${id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(nl.errors.noChanges);
  });

  it('refuses to delete the default agenda, or one a service or a future booking uses', async () => {
    const a = await owner(t);
    const [standard] = (await a.get('/api/agendas')).json();
    const refusedDefault = await a.delete(`/api/agendas/${standard.id}`);
    expect(refusedDefault.statusCode).toBe(409);
    expect(refusedDefault.json().message).toBe(m.defaultCannotDelete);

    const chair = (await a.post('/api/agendas', { name: 'Stoel 2' })).json();
    const event = (
      await a.post(
        '/api/events',
        eventPayload({ ...upcomingRange(), title: 'Föhnen', agendaIds: [chair.id] }),
      )
    ).json();
    const usedByEvent = await a.delete(`/api/agendas/${chair.id}`);
    expect(usedByEvent.statusCode).toBe(409);
    expect(usedByEvent.json().message).toBe(m.usedByEvents.replace('{events}', 'Föhnen'));

    const date = nextBookableDate(event);
    const booked = await agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: '10:00',
      customFieldResponses: answers,
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().booking.agendaId).toBe(chair.id);
    await a.patch(`/api/events/${event.id}`, { agendaIds: [standard.id] });
    const usedByBooking = await a.delete(`/api/agendas/${chair.id}`);
    expect(usedByBooking.statusCode).toBe(409);
    // The refusal says which: how many, and the first one's date and time.
    expect(usedByBooking.json().message).toBe(
      m.usedByBookings
        .replace('{count}', '1')
        .replace('{date}', formatLongDutchDate(date))
        .replace('{time}', '10:00'),
    );

    // Moved by the owner into the default agenda, the chair is free to go; the list no longer has it.
    const [row] = (await a.get('/api/bookings')).json();
    expect(row).toMatchObject({ agendaId: chair.id, agendaName: 'Stoel 2' });
    const moved = await a.patch(`/api/bookings/${row.id}`, { agendaId: standard.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ agendaId: standard.id, agendaName: standard.name });
    expect((await a.delete(`/api/agendas/${chair.id}`)).statusCode).toBe(200);
    expect((await a.get('/api/agendas')).json().map((x: { id: string }) => x.id)).toEqual([standard.id]);
    expect((await a.patch(`/api/agendas/${chair.id}`, { name: 'Terug' })).statusCode).toBe(404);
  });

  it('takes a deleted agenda out of templates, which fall back to the default agenda', async () => {
    const a = await owner(t);
    const [standard] = (await a.get('/api/agendas')).json();
    const room = (await a.post('/api/agendas', { name: 'Behandelkamer' })).json();
    const template = (await a.post('/api/templates', templatePayload({ agendaIds: [room.id] }))).json();
    expect(template.agendaIds).toEqual([room.id]);
    expect((await a.delete(`/api/agendas/${room.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/templates/${template.id}`)).json().agendaIds).toEqual([standard.id]);
  });

  it('keeps owners apart: another owner’s agenda is 404 and cannot be given to a service', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const theirs = (await b.post('/api/agendas', { name: 'Van B' })).json();
    expect((await a.patch(`/api/agendas/${theirs.id}`, { name: 'Van mij' })).statusCode).toBe(404);
    expect((await a.delete(`/api/agendas/${theirs.id}`)).statusCode).toBe(404);
    const event = await a.post('/api/events', eventPayload({ ...upcomingRange(), agendaIds: [theirs.id] }));
    expect(event.statusCode).toBe(400);
    expect(event.json()).toMatchObject({ message: m.unknown, fields: { agendaIds: m.unknown } });
    const empty = await a.post('/api/events', eventPayload({ ...upcomingRange(), agendaIds: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.needOne);
    expect((await b.get('/api/agendas')).json().map((x: { name: string }) => x.name)).toContain('Van B');
  });
});

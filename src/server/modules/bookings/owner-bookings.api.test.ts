import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type Agent, type TestApp } from '../../test/test-app';

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
const answers = (name: string, email = `${name.toLowerCase().replace(/\W/g, '')}@example.nl`) => ({
  Naam: name,
  'E-mail': email,
  Telefoon: '+31612345678',
});

describe.each(dbKinds())('owner bookings API on %s', (kind) => {
  let t: TestApp;
  let anna: Agent & { id: string };
  let eventId: string;
  let otherEventId: string;
  const book = (id: string, date: string, time: string, name: string) =>
    agent(t.app).post('/api/public/bookings', {
      eventId: id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers(name),
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    anna = await owner(t);
    eventId = (await anna.post('/api/events', eventPayload({ title: 'Knippen' }))).json().id;
    // Kleuren is done in a room of its own, so its booking may share a time with Knippen's.
    const room = (await anna.post('/api/agendas', { name: 'Kleurkamer' })).json();
    otherEventId = (
      await anna.post('/api/events', eventPayload({ title: 'Kleuren', agendaIds: [room.id] }))
    ).json().id;
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00'];
    for (const [i, date] of ['2026-12-02', '2026-12-03', '2026-12-04'].entries()) {
      for (const [j, time] of times.entries())
        expect((await book(eventId, date, time, `Klant ${i}-${j}`)).statusCode).toBe(201);
    }
    expect((await book(otherEventId, '2026-12-02', '09:00', 'Sanne de Vries')).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('lists the owner’s bookings with event titles, newest appointment first, without tokens', async () => {
    const res = await anna.get('/api/bookings');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(16);
    expect(list[0]).toMatchObject({
      bookingDate: '2026-12-04',
      bookingTime: '11:00',
      eventTitle: 'Knippen',
      durationMinutes: 30,
      status: 'confirmed',
    });
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('filters by status, event, text and date range', async () => {
    const sanne = (await anna.get('/api/bookings?q=sanne')).json();
    expect(sanne.map((b: { customerName: string }) => b.customerName)).toEqual(['Sanne de Vries']);
    expect((await anna.get('/api/bookings?q=%2B3161')).json()).toHaveLength(16); // phone
    expect((await anna.get('/api/bookings?q=klant12%40')).json()).toHaveLength(1); // e-mail
    expect((await anna.get('/api/bookings?q=%25')).json()).toHaveLength(0); // wildcards are literal
    expect((await anna.get(`/api/bookings?eventId=${otherEventId}`)).json()).toHaveLength(1);
    expect((await anna.get('/api/bookings?from=2026-12-03&to=2026-12-03')).json()).toHaveLength(5);
    expect((await anna.get('/api/bookings?status=cancelled')).json()).toHaveLength(0);
    expect((await anna.get('/api/bookings?status=kapot')).statusCode).toBe(400);
  });

  it('pages with a stable keyset cursor while bookings are added', async () => {
    const seen: string[] = [];
    let url = '/api/bookings?limit=4&order=asc';
    let first = true;
    for (;;) {
      const res = await anna.get(url);
      seen.push(...res.json().map((b: { id: string }) => b.id));
      if (first) {
        // A booking earlier than the current page and one later: the earlier must not shift pages.
        await book(eventId, '2026-12-02', '08:30', 'Vroege vogel').then((r) =>
          expect(r.statusCode).toBe(400),
        );
        expect((await book(eventId, '2026-12-07', '09:00', 'Laatkomer')).statusCode).toBe(201);
        first = false;
      }
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/bookings?limit=4&order=asc&cursor=${next}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(17);
    expect((await anna.get('/api/bookings?cursor=kapot')).json().message).toBe(
      nl.ownerBookings.invalidCursor,
    );
  });

  it('moves a booking under the event rules, cancels it, then refuses edits; deletes permanently', async () => {
    const [target] = (await anna.get('/api/bookings?q=Klant%200-0')).json();
    const moved = await anna.patch(`/api/bookings/${target.id}`, {
      bookingDate: '2026-12-07',
      bookingTime: '14:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      bookingDate: '2026-12-07',
      bookingTime: '14:00',
      status: 'confirmed',
    });
    const taken = await anna.patch(`/api/bookings/${target.id}`, {
      bookingDate: '2026-12-02',
      bookingTime: '09:30',
    });
    expect(taken.statusCode).toBe(409);
    const onPause = await anna.patch(`/api/bookings/${target.id}`, {
      bookingDate: '2026-12-07',
      bookingTime: '12:00',
    });
    expect(onPause.json().message).toBe(nl.booking.slotUnavailable);
    expect(
      (await anna.patch(`/api/bookings/${target.id}`, { bookingDate: '2026-12-07' })).json().message,
    ).toBe(nl.ownerBookings.dateAndTimeTogether);

    const cancelled = await anna.patch(`/api/bookings/${target.id}`, { status: 'cancelled' });
    expect(cancelled.json().status).toBe('cancelled');
    const again = await anna.patch(`/api/bookings/${target.id}`, {
      bookingDate: '2026-12-07',
      bookingTime: '15:00',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(nl.ownerBookings.cancelledCannotEdit);
    expect((await book(eventId, '2026-12-07', '14:00', 'Nieuwe klant')).statusCode).toBe(201); // slot freed

    expect((await anna.delete(`/api/bookings/${target.id}`)).statusCode).toBe(200);
    expect((await anna.get('/api/bookings?status=cancelled')).json()).toHaveLength(0);
  });

  it('hides and protects bookings from another owner', async () => {
    const mallory = await owner(t);
    const [target] = (await anna.get('/api/bookings?limit=1')).json();
    expect((await mallory.get('/api/bookings')).json()).toEqual([]);
    expect((await mallory.get(`/api/bookings?eventId=${eventId}`)).json()).toEqual([]);
    expect((await mallory.patch(`/api/bookings/${target.id}`, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await mallory.delete(`/api/bookings/${target.id}`)).statusCode).toBe(404);
    expect((await anna.get('/api/bookings?limit=1')).json()[0]).toEqual(target);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { postVisit, salon, visitSlots, type Salon } from '../../test/visit-fixtures';

/**
 * The combination's month is what the server accepts (docs/PRODUCT.md#visits), slot by slot: for
 * every time of a day, a visit is stored exactly when the availability said the time was free. Each
 * stored visit is cancelled again through its manage link, so every time meets the same occupancy.
 */
describe.each(dbKinds())('visit availability matches what the server accepts on %s', (kind) => {
  let t: TestApp;
  let s: Salon;
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await salon(t);
    // Kleuren with Anna 10:30–12:00 (she and the room), Knippen with Bram 14:00–14:30, Föhnen with
    // Anna 09:30–09:45: every segment meets some of it at some start.
    for (const [eventId, time, name, agendaId] of [
      [s.kleuren.id, '10:30', 'Bezet Een', s.anna],
      [s.knippen.id, '14:00', 'Bezet Twee', s.bram],
      [s.fohnen.id, '09:30', 'Bezet Drie', s.anna],
    ] as const) {
      const res = await book(t, eventId, s.date, time, name, agendaId);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  async function sweep(services: string[], agendaId?: string) {
    const slots = await visitSlots(t, services, s.date, agendaId);
    const times = Object.keys(slots);
    expect(times.length).toBeGreaterThan(10);
    const answered: Record<string, boolean> = {};
    for (const [n, time] of times.entries()) {
      const res = await postVisit(
        t,
        services.map((eventId) => ({ eventId })),
        s.date,
        time,
        `Klant ${services.length}${agendaId ? 'a' : 'g'}${n}`,
        agendaId,
      );
      expect([201, 409], `${time}: ${res.body}`).toContain(res.statusCode);
      answered[time] = res.statusCode !== 201;
      if (res.statusCode === 201) {
        const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${res.json().managementToken}`);
        expect(cancel.statusCode, cancel.body).toBe(200);
      }
    }
    expect(answered).toEqual(slots);
    // Both answers occur: the day is neither all free nor all taken.
    expect(new Set(Object.values(slots))).toEqual(new Set([true, false]));
  }

  it('Knippen + Kleuren (the second needing a stylist and the room), no preference', async () => {
    await sweep([s.knippen.id, s.kleuren.id]);
  });

  it('Knippen + Kleuren with Anna for the whole visit', async () => {
    await sweep([s.knippen.id, s.kleuren.id], s.anna);
  });

  it('Föhnen + Knippen with Bram', async () => {
    await sweep([s.fohnen.id, s.knippen.id], s.bram);
  });

  it('the cached month follows a booking of another service at once', async () => {
    const ids = [s.knippen.id, s.kleuren.id];
    expect((await visitSlots(t, ids, s.date))['13:00']).toBe(false);
    expect((await visitSlots(t, ids, s.date))['13:00']).toBe(false);
    // Kleuren 13:30–15:00 takes the room the visit's Kleuren needs from 13:30.
    const res = await book(t, s.kleuren.id, s.date, '13:30', 'Later Bezet');
    expect(res.statusCode, res.body).toBe(201);
    expect((await visitSlots(t, ids, s.date))['13:00']).toBe(true);
    const cancel = await agent(t.app).delete(`/api/public/bookings/manage/${res.json().managementToken}`);
    expect(cancel.statusCode).toBe(200);
    expect((await visitSlots(t, ids, s.date))['13:00']).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import {
  book,
  createAgenda,
  createService,
  ownerBooking,
  reschedule,
  slotsOn,
  takenTimes,
} from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate } from '../../test/test-today';

const b = nl.booking;

/**
 * Issue 16: a booking occupies an agenda, not only its service. "Knippen" (45 min) and "Föhnen"
 * (30 min) share the salon's one agenda, so a customer cannot book Föhnen while Knippen runs.
 */
describe.each(dbKinds())('bookings across services of one agenda on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function salon() {
    const a = await owner(t);
    const knippen = await createService(a, 'Knippen', 45);
    const fohnen = await createService(a, 'Föhnen', 30);
    expect(fohnen.agendaIds).toEqual(knippen.agendaIds); // both in the default agenda
    return { a, knippen, fohnen, date: nextBookableDate(knippen) };
  }

  it('refuses Föhnen at 09:00 while Knippen (09:00–09:45) runs, and shows 09:00 and 09:30 busy', async () => {
    const { knippen, fohnen, date } = await salon();
    const first = await book(t, knippen.id, date, '09:00', 'Anna Jansen');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().booking.agendaId).toBe(knippen.agendaIds[0]);

    const second = await book(t, fohnen.id, date, '09:00', 'Bram de Boer');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(b.slotTaken);
    // 09:30 overlaps Knippen's last quarter; 10:00 is clear.
    expect((await book(t, fohnen.id, date, '09:30', 'Bram de Boer')).statusCode).toBe(409);

    const fohnenSlots = await slotsOn(t, fohnen.id, date);
    expect(fohnenSlots).toMatchObject({ '09:00': true, '09:30': true, '10:00': false, '16:30': false });
    expect(await takenTimes(t, fohnen.id, date)).toEqual(['09:00', '09:30']);
    const knippenSlots = await slotsOn(t, knippen.id, date);
    expect(knippenSlots).toMatchObject({ '09:00': true, '09:45': false });
    expect(await takenTimes(t, knippen.id, date)).toEqual(['09:00']);

    expect((await book(t, fohnen.id, date, '10:00', 'Bram de Boer')).statusCode).toBe(201);
    // Now Föhnen 10:00–10:30 blocks Knippen's 09:45 (09:45–10:30) in turn.
    expect(await takenTimes(t, knippen.id, date)).toEqual(['09:00', '09:45']);
    expect((await book(t, knippen.id, date, '09:45', 'Cor Visser')).statusCode).toBe(409);
  });

  it('books Föhnen at 09:00 once it uses an agenda of its own', async () => {
    const { a, knippen, fohnen, date } = await salon();
    expect((await book(t, knippen.id, date, '09:00', 'Anna Jansen')).statusCode).toBe(201);
    expect((await book(t, fohnen.id, date, '09:00', 'Bram de Boer')).statusCode).toBe(409);

    const stylist = await createAgenda(a, 'Sanne');
    const patched = await a.patch(`/api/events/${fohnen.id}`, { agendaIds: [stylist] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().agendaIds).toEqual([stylist]);

    expect(await slotsOn(t, fohnen.id, date)).toMatchObject({ '09:00': false, '09:30': false });
    expect(await takenTimes(t, fohnen.id, date)).toEqual([]);
    const res = await book(t, fohnen.id, date, '09:00', 'Bram de Boer');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking.agendaId).toBe(stylist);
    // Knippen's own agenda is untouched by Föhnen's booking.
    expect(await takenTimes(t, knippen.id, date)).toEqual(['09:00']);
  });

  it('refuses a reschedule into a time another service of the agenda holds', async () => {
    const { knippen, fohnen, date } = await salon();
    expect((await book(t, knippen.id, date, '09:00', 'Anna Jansen')).statusCode).toBe(201);
    const created = await book(t, fohnen.id, date, '11:00', 'Bram de Boer');
    expect(created.statusCode).toBe(201);
    const token = created.json().managementToken as string;

    for (const time of ['09:00', '09:30']) {
      const res = await reschedule(t, token, date, time);
      expect(res.statusCode, time).toBe(409);
      expect(res.json().message).toBe(b.slotTaken);
    }
    const moved = await reschedule(t, token, date, '10:00');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking).toMatchObject({ bookingDate: date, bookingTime: '10:00' });
    // Its old slot is free for Knippen again, its new one blocks Knippen's 09:45.
    expect(await takenTimes(t, knippen.id, date)).toEqual(['09:00', '09:45']);
  });

  it('refuses the owner’s move into a time another service of the agenda holds', async () => {
    const { a, knippen, fohnen, date } = await salon();
    expect((await book(t, knippen.id, date, '09:00', 'Anna Jansen')).statusCode).toBe(201);
    expect((await book(t, fohnen.id, date, '11:00', 'Bram de Boer')).statusCode).toBe(201);
    const bram = await ownerBooking(a, 'Bram de Boer');

    const taken = await a.patch(`/api/bookings/${bram.id}`, { bookingDate: date, bookingTime: '09:30' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(b.slotTaken);
    const moved = await a.patch(`/api/bookings/${bram.id}`, { bookingDate: date, bookingTime: '10:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ bookingTime: '10:00', agendaId: knippen.agendaIds[0] });

    // And the other way round: Knippen cannot be moved over Föhnen.
    const anna = await ownerBooking(a, 'Anna Jansen');
    const over = await a.patch(`/api/bookings/${anna.id}`, { bookingDate: date, bookingTime: '09:45' });
    expect(over.statusCode).toBe(409);
  });

  it('moves a booking to another agenda of its service only where that agenda is free', async () => {
    const a = await owner(t);
    const second = await createAgenda(a, 'Stoel 2');
    const knippen = await createService(a, 'Knippen', 45);
    const fohnen = await createService(a, 'Föhnen', 30, { agendaIds: [knippen.agendaIds[0]!, second] });
    const date = nextBookableDate(knippen);
    expect((await book(t, knippen.id, date, '09:00', 'Anna Jansen')).statusCode).toBe(201);
    // Föhnen still has the second chair at 09:00.
    const created = await book(t, fohnen.id, date, '09:00', 'Bram de Boer');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().booking.agendaId).toBe(second);
    const bram = await ownerBooking(a, 'Bram de Boer');
    expect(bram.agendaName).toBe('Stoel 2');

    const busy = await a.patch(`/api/bookings/${bram.id}`, { agendaId: knippen.agendaIds[0] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(b.slotTaken);
    const later = await a.patch(`/api/bookings/${bram.id}`, {
      bookingDate: date,
      bookingTime: '10:00',
      agendaId: knippen.agendaIds[0],
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ bookingTime: '10:00', agendaId: knippen.agendaIds[0] });
    // An agenda of the owner that the service does not book into is refused.
    const other = await createAgenda(a, 'Niet van Föhnen');
    const refused = await a.patch(`/api/bookings/${bram.id}`, { agendaId: other });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(b.agendaNotOffered);
  });

  it('a cancelled booking frees the slot for every service of the agenda', async () => {
    const { knippen, fohnen, date } = await salon();
    const created = await book(t, knippen.id, date, '09:00', 'Anna Jansen');
    expect(created.statusCode).toBe(201);
    expect((await book(t, fohnen.id, date, '09:30', 'Bram de Boer')).statusCode).toBe(409);
    const { managementToken } = created.json();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/public/bookings/manage/${managementToken}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await takenTimes(t, fohnen.id, date)).toEqual([]);
    expect((await book(t, fohnen.id, date, '09:30', 'Bram de Boer')).statusCode).toBe(201);
  });
});

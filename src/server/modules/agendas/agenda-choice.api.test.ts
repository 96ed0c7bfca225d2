import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import {
  book,
  createAgenda,
  createService,
  reschedule,
  slotsOn,
  takenTimes,
  type Owner,
} from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';

const b = nl.booking;

/**
 * "Geen voorkeur" and the customer's own choice of agenda (issue 16): a service with two
 * hairdressers takes two customers per slot, spreads a day over both, and keeps a chosen one.
 */
describe.each(dbKinds())('choosing an agenda on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A salon with two hairdressers: the default agenda ("Anna") and "Bram", both doing Knippen. */
  async function twoChairs() {
    const a: Owner = await owner(t);
    const anna = (await a.get('/api/agendas')).json()[0].id as string;
    const bram = await createAgenda(a, 'Bram');
    const knippen = await createService(a, 'Knippen', 30, { agendaIds: [anna, bram] });
    expect(knippen.agendaIds).toEqual([anna, bram]);
    const [date, otherDate] = bookableDates(knippen, 2) as [string, string];
    return { a, anna, bram, knippen, date, otherDate };
  }

  it('shows the service’s agendas to the customer', async () => {
    const { knippen, anna, bram, a } = await twoChairs();
    const event = (await agent(t.app).get(`/api/public/events/${knippen.slug}`)).json();
    const defaultName = (await a.get('/api/agendas')).json()[0].name as string;
    expect(event.agendas).toEqual([
      { id: anna, name: defaultName },
      { id: bram, name: 'Bram' },
    ]);
  });

  it('takes exactly two of 20 parallel "Geen voorkeur" bookings of one slot, one per agenda', async () => {
    const { knippen, anna, bram, date } = await twoChairs();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(t, knippen.id, date, '10:00', `Klant ${i}`)),
    );
    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(2);
    expect(won.map((r) => r.json().booking.agendaId).sort()).toEqual([anna, bram].sort());
    expect(won.every((r) => r.json().booking.agendaChosen === false)).toBe(true);
    expect(lost.map((r) => r.statusCode)).toEqual(Array(18).fill(409));
    expect(new Set(lost.map((r) => r.json().message))).toEqual(new Set([b.slotTaken]));
    // Both agendas taken: the slot is busy for "Geen voorkeur" and for each person.
    expect((await slotsOn(t, knippen.id, date))['10:00']).toBe(true);
    expect((await slotsOn(t, knippen.id, date, anna))['10:00']).toBe(true);
    expect((await slotsOn(t, knippen.id, date, bram))['10:00']).toBe(true);
    expect(await takenTimes(t, knippen.id, date)).toEqual(['10:00']);
  });

  it('takes exactly one of 10 parallel bookings that all ask for the same person', async () => {
    const { knippen, bram, date } = await twoChairs();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => book(t, knippen.id, date, '11:00', `Klant ${i}`, bram)),
    );
    const won = results.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().booking).toMatchObject({ agendaId: bram, agendaChosen: true });
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    // The other hairdresser is still free at 11:00.
    expect((await book(t, knippen.id, date, '11:00', 'Klant 10')).json().booking.agendaId).not.toBe(bram);
  });

  it('uses only the agenda the customer chose, and its availability only', async () => {
    const { knippen, anna, bram, date } = await twoChairs();
    // Anna is the first and least loaded agenda; asking for Bram still gives Bram.
    const chosen = await book(t, knippen.id, date, '09:00', 'Cor Visser', bram);
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().booking).toMatchObject({ agendaId: bram, agendaChosen: true });

    // Bram is busy at 09:00, Anna is not: the service as a whole is free, Bram is not.
    expect((await slotsOn(t, knippen.id, date))['09:00']).toBe(false);
    expect((await slotsOn(t, knippen.id, date, bram))['09:00']).toBe(true);
    expect((await slotsOn(t, knippen.id, date, anna))['09:00']).toBe(false);
    expect(await takenTimes(t, knippen.id, date, bram)).toEqual(['09:00']);
    expect(await takenTimes(t, knippen.id, date, anna)).toEqual([]);
    expect(await takenTimes(t, knippen.id, date)).toEqual([]);

    const again = await book(t, knippen.id, date, '09:00', 'Dirk Bakker', bram);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(b.slotTaken);
    const anyone = await book(t, knippen.id, date, '09:00', 'Dirk Bakker', null);
    expect(anyone.statusCode).toBe(201);
    expect(anyone.json().booking).toMatchObject({ agendaId: anna, agendaChosen: false });
  });

  it('refuses an agenda of another owner, or one the service does not use, with a Dutch 400', async () => {
    const { a, knippen, date } = await twoChairs();
    const stranger = await owner(t);
    const theirs = (await stranger.get('/api/agendas')).json()[0].id as string;
    const notOffered = await createAgenda(a, 'Receptie');
    for (const agendaId of [theirs, notOffered, '00000000-0000-4000-8000-000000000000']) {
      const res = await book(t, knippen.id, date, '12:00', 'Eva Smit', agendaId);
      expect(res.statusCode, agendaId).toBe(400);
      expect(res.json().message).toBe(b.agendaNotOffered);
      const month = await agent(t.app).get(
        `/api/public/events/${knippen.id}/availability?month=${date.slice(0, 7)}&agendaId=${agendaId}`,
      );
      expect(month.statusCode).toBe(400);
      expect(month.json().message).toBe(b.agendaNotOffered);
      const taken = await agent(t.app).get(
        `/api/public/events/${knippen.id}/bookings/${date}?agendaId=${agendaId}`,
      );
      expect(taken.statusCode).toBe(400);
    }
    const malformed = await book(t, knippen.id, date, '12:00', 'Eva Smit', 'niet-een-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(b.agendaNotOffered);
    // None of the refusals booked anything.
    expect(await takenTimes(t, knippen.id, date)).toEqual([]);
    expect((await slotsOn(t, knippen.id, date))['12:00']).toBe(false);
  });

  it('spreads sequential "Geen voorkeur" bookings of a day over both agendas', async () => {
    const { a, knippen, anna, bram, date, otherDate } = await twoChairs();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    const got: string[] = [];
    for (const [i, time] of times.entries()) {
      const res = await book(t, knippen.id, date, time, `Klant ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      got.push(res.json().booking.agendaId);
    }
    // Least loaded first, ties in the service's order: Anna, Bram, Anna, Bram…
    expect(got).toEqual([anna, bram, anna, bram, anna, bram]);

    // The load is counted per day, of every service in the agenda: two Föhnen bookings in Anna's
    // agenda on the other day send that day's first two "Geen voorkeur" bookings to Bram.
    const fohnen = await createService(a, 'Föhnen', 30, { agendaIds: [anna] });
    for (const time of ['14:00', '15:00'])
      expect((await book(t, fohnen.id, otherDate, time, `Föhn ${time}`)).statusCode).toBe(201);
    const next: string[] = [];
    for (const time of ['09:00', '09:30', '10:00', '10:30']) {
      const res = await book(t, knippen.id, otherDate, time, `Later ${time}`);
      expect(res.statusCode, res.body).toBe(201);
      next.push(res.json().booking.agendaId);
    }
    expect(next).toEqual([bram, bram, anna, bram]);
  });

  it('keeps a chosen agenda on reschedule, and refuses a time only the other agenda has free', async () => {
    const { knippen, anna, bram, date, otherDate } = await twoChairs();
    const created = await book(t, knippen.id, date, '09:00', 'Fleur Mulder', bram);
    expect(created.json().booking).toMatchObject({ agendaId: bram, agendaChosen: true });
    const token = created.json().managementToken as string;
    // Bram is busy at 13:00, Anna is free then.
    expect((await book(t, knippen.id, date, '13:00', 'Gijs Peters', bram)).statusCode).toBe(201);
    expect((await slotsOn(t, knippen.id, date))['13:00']).toBe(false);

    const refused = await reschedule(t, token, date, '13:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(b.slotTaken);
    const view = (await agent(t.app).get(`/api/public/bookings/manage/${token}`)).json();
    expect(view.booking).toMatchObject({ bookingTime: '09:00', agendaId: bram, agendaChosen: true });

    const moved = await reschedule(t, token, otherDate, '13:00');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking).toMatchObject({
      bookingDate: otherDate,
      bookingTime: '13:00',
      agendaId: bram,
      agendaChosen: true,
    });
    expect(await takenTimes(t, knippen.id, otherDate, anna)).toEqual([]);
    expect(await takenTimes(t, knippen.id, otherDate, bram)).toEqual(['13:00']);
  });

  it('moves a "Geen voorkeur" booking to the other agenda when its own is taken, and keeps it otherwise', async () => {
    const { knippen, anna, bram, date } = await twoChairs();
    const created = await book(t, knippen.id, date, '09:00', 'Hanna de Wit');
    expect(created.json().booking).toMatchObject({ agendaId: anna, agendaChosen: false });
    const token = created.json().managementToken as string;

    // Both free at 10:00: the booking stays with Anna (no reshuffle of the customer's hairdresser).
    const stays = await reschedule(t, token, date, '10:00');
    expect(stays.statusCode, stays.body).toBe(200);
    expect(stays.json().booking).toMatchObject({ bookingTime: '10:00', agendaId: anna });

    // Anna is busy at 14:00: the booking moves to Bram, still "Geen voorkeur".
    expect((await book(t, knippen.id, date, '14:00', 'Ivo Kok', anna)).statusCode).toBe(201);
    const switched = await reschedule(t, token, date, '14:00');
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().booking).toMatchObject({
      bookingTime: '14:00',
      agendaId: bram,
      agendaChosen: false,
    });
    expect(await takenTimes(t, knippen.id, date)).toEqual(['14:00']);

    // Both busy at 15:00: refused, and the booking stays where it was.
    expect((await book(t, knippen.id, date, '15:00', 'Jan Kok', anna)).statusCode).toBe(201);
    expect((await book(t, knippen.id, date, '15:00', 'Kim Kok', bram)).statusCode).toBe(201);
    const full = await reschedule(t, token, date, '15:00');
    expect(full.statusCode).toBe(409);
    const view = (await agent(t.app).get(`/api/public/bookings/manage/${token}`)).json();
    expect(view.booking).toMatchObject({ bookingTime: '14:00', agendaId: bram });
  });
});

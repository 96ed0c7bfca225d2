import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import {
  book,
  createAgenda,
  createService,
  ownerBooking,
  slotsOn,
  type Owner,
} from '../../test/agenda-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextBookableDate } from '../../test/test-today';

/** Open on Mondays only, 09:00–17:00: every test's day is the service's next Monday. */
const mondays = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k === '1', startTime: '09:00', endTime: '17:00' },
  ]),
);
/** An own week that works Tuesdays only: off on the service's Mondays. */
const tuesdaysOnly = { '2': { enabled: true, startTime: '09:00', endTime: '17:00' } };

describe.each(dbKinds())('availability with agenda hours on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function salon() {
    const a = await owner(t);
    const anna = await createAgenda(a, 'Anna');
    const bram = await createAgenda(a, 'Bram');
    const service = await createService(a, 'Knippen', 30, { workingDays: mondays, agendaIds: [anna, bram] });
    return { a, anna, bram, service, monday: nextBookableDate(service) };
  }
  const offOnMonday = (a: Owner, id: string) => a.patch(`/api/agendas/${id}`, { workingDays: tuesdaysOnly });

  it('still offers Monday through the other stylist when one is off, and books it with them', async () => {
    const { a, anna, bram, service, monday } = await salon();
    expect((await offOnMonday(a, anna)).statusCode).toBe(200);
    const slots = await slotsOn(t, service.id, monday);
    expect(slots['09:00']).toBe(false);
    expect(slots['16:30']).toBe(false);
    expect(Object.values(slots).every((busy) => !busy)).toBe(true);
    // "Geen voorkeur" lands with Bram; a second booking at the same time finds nobody.
    const first = await book(t, service.id, monday, '10:00', 'Eva');
    expect(first.statusCode, first.body).toBe(201);
    expect((await ownerBooking(a, 'Eva')).agendaId).toBe(bram);
    expect((await slotsOn(t, service.id, monday))['10:00']).toBe(true);
    expect((await book(t, service.id, monday, '10:00', 'Fenna')).statusCode).toBe(409);
  });

  it('gives a chosen person who does not work that day no slots, and refuses a booking with them', async () => {
    const { a, anna, bram, service, monday } = await salon();
    await offOnMonday(a, anna);
    expect(await slotsOn(t, service.id, monday, anna)).toEqual({});
    expect((await slotsOn(t, service.id, monday, bram))['10:00']).toBe(false);
    const refused = await book(t, service.id, monday, '10:00', 'Gijs', anna);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(nl.booking.agendaOff);
  });

  it('no longer offers Monday when both are off: one by their week, one away all day', async () => {
    const { a, anna, bram, service, monday } = await salon();
    await offOnMonday(a, anna);
    const away = await a.post(`/api/agendas/${bram}/absences`, {
      startDate: monday,
      endDate: monday,
      reason: 'Ziek',
    });
    expect(away.statusCode, away.body).toBe(201);
    expect(await slotsOn(t, service.id, monday)).toEqual({});
    const refused = await book(t, service.id, monday, '10:00', 'Hanna');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(nl.booking.agendaOff);
    // Giving Bram his Monday back offers it again.
    await a.delete(`/api/agendas/${bram}/absences/${away.json().id}`);
    expect((await slotsOn(t, service.id, monday))['10:00']).toBe(false);
  });

  it('takes out only the slots an absence in the middle of the day covers', async () => {
    const a = await owner(t);
    const anna = await createAgenda(a, 'Anna');
    const service = await createService(a, 'Föhnen', 30, { workingDays: mondays, agendaIds: [anna] });
    const monday = nextBookableDate(service);
    const before = await slotsOn(t, service.id, monday);
    const res = await a.post(`/api/agendas/${anna}/absences`, {
      startDate: monday,
      endDate: monday,
      startTime: '12:00',
      endTime: '14:00',
      reason: 'Tandarts',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await slotsOn(t, service.id, monday);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const busy = Object.entries(after)
      .filter(([, b]) => b)
      .map(([time]) => time);
    expect(busy).toEqual(['12:00', '12:30', '13:00', '13:30']);
    // The half hours either side stay: one ends as the absence begins, one starts as it ends.
    expect(after['11:30']).toBe(false);
    expect(after['14:00']).toBe(false);
    const refused = await book(t, service.id, monday, '12:30', 'Iris');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((await book(t, service.id, monday, '14:00', 'Joris')).statusCode).toBe(201);
  });

  it('keeps today’s behaviour for agendas without own hours or absences', async () => {
    const { service, monday } = await salon();
    const slots = await slotsOn(t, service.id, monday);
    expect(Object.keys(slots)).toHaveLength(16);
    expect(Object.values(slots).every((busy) => !busy)).toBe(true);
  });
});

import { expect } from 'vitest';
import type { CreateEventBody } from '@contracts/events';
import { monthAvailabilityDto } from '@contracts/public-booking';
import { createAgenda, createService, type Owner } from './agenda-fixtures';
import { owner } from './fixtures';
import { agent, type TestApp } from './test-app';
import { bookableDates } from './test-today';

/**
 * Test helpers for the visit suites (docs/PRODUCT.md#visits): a salon with two stylists and a
 * colour room, its combinable services, and a customer's visit and month.
 */

/** A salon: Anna (the default agenda) and Bram as stylists, the colour room, Knippen, Föhnen, Kleuren. */
export async function salon(
  t: TestApp,
  extra: { knippen?: Partial<CreateEventBody>; fohnen?: Partial<CreateEventBody> } = {},
) {
  const a: Owner = await owner(t);
  const anna = (await a.get('/api/agendas')).json()[0].id as string;
  const bram = await createAgenda(a, 'Bram');
  const room = await createAgenda(a, 'Kleurkamer');
  const stylists = { agendaIds: [anna, bram], allowCombinations: true };
  const knippen = await createService(a, 'Knippen', 30, { ...stylists, ...extra.knippen } as never);
  const fohnen = await createService(a, 'Föhnen', 15, { ...stylists, ...extra.fohnen } as never);
  const kleuren = await createService(a, 'Kleuren', 90, {
    agendaGroups: [[anna, bram], [room]],
    allowCombinations: true,
  } as never);
  const [date] = bookableDates(knippen, 1) as [string];
  return { a, anna, bram, room, knippen, fohnen, kleuren, date };
}
export type Salon = Awaited<ReturnType<typeof salon>>;

export const visitAnswers = (name: string) => ({
  Naam: name,
  'E-mail': `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.nl`,
});

/** POST /api/public/visits from a visitor of its own (rate limits are per address). */
export function postVisit(
  t: TestApp,
  services: Array<{ eventId: string; agendaId?: string }>,
  date: string,
  time: string,
  name: string,
  agendaId?: string,
  extra: Record<string, unknown> = {},
) {
  return agent(t.app).post('/api/public/visits', {
    services,
    date,
    time,
    answers: visitAnswers(name),
    ...(agendaId ? { agendaId } : {}),
    ...extra,
  });
}

export type DaySlots = Record<string, boolean>;

/** The combination's slots of one date as { time: busy }, from GET /api/public/visits/availability. */
export async function visitSlots(
  t: TestApp,
  ids: string[],
  date: string,
  agendaId?: string,
): Promise<DaySlots> {
  const query = `services=${ids.join(',')}&month=${date.slice(0, 7)}${agendaId ? `&agendaId=${agendaId}` : ''}`;
  const res = await agent(t.app).get(`/api/public/visits/availability?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // The route sends the service's JSON text unchecked: the contract is held here.
  expect(() => monthAvailabilityDto.parse(res.json())).not.toThrow();
  const day = (
    res.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
  ).find((d) => d.date === date);
  return Object.fromEntries((day?.slots ?? []).map((s) => [s.time, s.busy]));
}

/** The manage page's month for moving a visit, one date as { time: busy }. */
export async function manageVisitSlots(t: TestApp, token: string, date: string): Promise<DaySlots> {
  const res = await agent(t.app).get(
    `/api/public/bookings/manage/${token}/visit-availability?month=${date.slice(0, 7)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const day = (
    res.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
  ).find((d) => d.date === date);
  return Object.fromEntries((day?.slots ?? []).map((s) => [s.time, s.busy]));
}

import { expect } from 'vitest';
import type { CreateEventBody } from '@contracts/events';
import { eventPayload, type owner } from './fixtures';
import { agent, type TestApp } from './test-app';
import { upcomingRange } from './test-today';

/** Test helpers for the agenda suites: a salon open on Saturdays, its agendas and its customers. */

export type Owner = Awaited<ReturnType<typeof owner>>;

/** Open on Saturdays only, 09:00–17:00 without pauses: the issue's story is a Saturday morning. */
export const saturdays = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: k === '6', startTime: '09:00', endTime: '17:00' },
  ]),
);

export function serviceBody(title: string, durationMinutes: number, extra: Partial<CreateEventBody> = {}) {
  return eventPayload({
    title,
    durationMinutes,
    workingDays: saturdays,
    dailyPauseTimes: {},
    ...upcomingRange(60),
    ...extra,
  });
}

export async function createService(
  a: Owner,
  title: string,
  durationMinutes: number,
  extra: Partial<CreateEventBody> = {},
) {
  const res = await a.post('/api/events', serviceBody(title, durationMinutes, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string; agendaIds: string[] } & CreateEventBody;
}

export async function createAgenda(a: Owner, name: string): Promise<string> {
  const res = await a.post('/api/agendas', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const answers = (name: string) => ({
  Naam: name,
  'E-mail': `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.nl`,
});

/** A customer's booking, each from a visitor of their own (rate limits are per address). */
export function book(
  t: TestApp,
  eventId: string,
  bookingDate: string,
  bookingTime: string,
  name: string,
  agendaId?: string | null,
) {
  return agent(t.app).post('/api/public/bookings', {
    eventId,
    bookingDate,
    bookingTime,
    customFieldResponses: answers(name),
    ...(agendaId === undefined ? {} : { agendaId }),
  });
}

export function reschedule(t: TestApp, token: string, bookingDate: string, bookingTime: string) {
  return agent(t.app).patch(`/api/public/bookings/manage/${token}`, { bookingDate, bookingTime });
}

/** The month's slots of one date as { time: busy }, from the public availability call. */
export async function slotsOn(t: TestApp, eventId: string, date: string, agendaId?: string) {
  const query = `month=${date.slice(0, 7)}${agendaId ? `&agendaId=${agendaId}` : ''}`;
  const res = await agent(t.app).get(`/api/public/events/${eventId}/availability?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const day = (
    res.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
  ).find((d) => d.date === date);
  return Object.fromEntries((day?.slots ?? []).map((s) => [s.time, s.busy]));
}

/** GET /api/public/events/{id}/bookings/{date}: the times a customer cannot take. */
export async function takenTimes(t: TestApp, eventId: string, date: string, agendaId?: string) {
  const res = await agent(t.app).get(
    `/api/public/events/${eventId}/bookings/${date}${agendaId ? `?agendaId=${agendaId}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ bookingTime: string }>).map((r) => r.bookingTime);
}

/** The owner's booking of a customer, by name (owner DTO: agendaId and agendaName). */
export async function ownerBooking(a: Owner, name: string) {
  const res = await a.get(`/api/bookings?q=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json() as Array<{ id: string; agendaId: string; agendaName: string; bookingTime: string }>;
  expect(list).toHaveLength(1);
  return list[0]!;
}

import { expect } from 'vitest';
import type { CreateEventBody, UpdateEventBody } from '@contracts/events';
import { parseTime, type BookingRules } from '@core/index';
import { createService, type Owner } from './agenda-fixtures';
import { agent, type TestApp } from './test-app';
import { ownerInstant, testToday } from './test-today';

/** Test helpers for the booking-rules suites (issue 17). */

/**
 * A clock the test sets: minimum notice, horizons and cut-offs are exact to the minute only when
 * "now" does not run. Starts today at 08:00 in the owner's zone (TEST_TODAY's day when set).
 */
export function settableClock(date = testToday(), time = '08:00') {
  let at = ownerInstant(date, time);
  return {
    now: () => at,
    /** Now is `time` on `date` in the owner's zone. */
    setTo(d: string, t: string) {
      at = ownerInstant(d, t);
    },
    setAt(instant: Date) {
      at = instant;
    },
    get at() {
      return at;
    },
  };
}
export type SettableClock = ReturnType<typeof settableClock>;

export type Service = { id: string; slug: string; agendaIds: string[] } & CreateEventBody & BookingRules;

/** A Saturday service (09:00–17:00, no pauses) whose rules are then set through PATCH /api/events/:id. */
export async function ruledService(
  a: Owner,
  title: string,
  durationMinutes: number,
  rules: Partial<UpdateEventBody> = {},
  extra: Partial<CreateEventBody> = {},
): Promise<Service> {
  const created = await createService(a, title, durationMinutes, extra);
  if (!Object.keys(rules).length) return created as Service;
  return setRules(a, created.id, rules);
}

export async function setRules(a: Owner, eventId: string, rules: Partial<UpdateEventBody>): Promise<Service> {
  const res = await a.patch(`/api/events/${eventId}`, rules);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Service;
}

export type BookingAnswer = Awaited<ReturnType<ReturnType<typeof agent>['post']>>;

/** A customer's booking (own visitor address), with optional body extras such as acceptedPolicy. */
export function bookAt(
  t: TestApp,
  eventId: string,
  bookingDate: string,
  bookingTime: string,
  name: string,
  extra: { agendaId?: string | null; acceptedPolicy?: boolean } = {},
) {
  return agent(t.app).post('/api/public/bookings', {
    eventId,
    bookingDate,
    bookingTime,
    customFieldResponses: {
      Naam: name,
      'E-mail': `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.nl`,
    },
    ...extra,
  });
}

/** Books and expects a 201; answers the booking and its management token. */
export async function booked(
  t: TestApp,
  eventId: string,
  date: string,
  time: string,
  name: string,
  extra: { agendaId?: string | null; acceptedPolicy?: boolean } = {},
) {
  const res = await bookAt(t, eventId, date, time, name, extra);
  expect(res.statusCode, `${date} ${time}: ${res.body}`).toBe(201);
  const body = res.json() as { booking: { id: string; agendaId: string }; managementToken: string };
  return { ...body.booking, token: body.managementToken };
}

/** Expects a refusal with this status and exact message. */
export function expectRefused(res: BookingAnswer, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

/** Every start time of a grid from `start` to `end` in steps of `step` for a service of `duration`. */
export function gridTimes(start: string, end: string, step: number, duration: number): string[] {
  const out: string[] = [];
  for (let m = parseTime(start)!; m + duration <= parseTime(end)!; m += step)
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/** The month view's slots of `date` (the wizard's call): { time: busy }; {} when the day is left out. */
export async function monthSlots(t: TestApp, eventId: string, date: string, agendaId?: string) {
  const query = `month=${date.slice(0, 7)}${agendaId ? `&agendaId=${agendaId}` : ''}`;
  const res = await agent(t.app).get(`/api/public/events/${eventId}/availability?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const day = (
    res.json().days as Array<{ date: string; slots: Array<{ time: string; busy: boolean }> }>
  ).find((d) => d.date === date);
  return Object.fromEntries((day?.slots ?? []).map((s) => [s.time, s.busy])) as Record<string, boolean>;
}

/** The times of `slots` that are busy, sorted. */
export const busyTimes = (slots: Record<string, boolean>) =>
  Object.keys(slots)
    .filter((k) => slots[k])
    .sort();

/**
 * HTTP for the benchmarks (over src/server/test/loopback-http.ts). Public booking calls are rate
 * limited per client address (30 a minute), as they must be in production; a benchmark plays many
 * customers, so each request can come from its own loopback address.
 */
import { addDays, todayInZone } from '../src/core/index';
import { call, sessionCookie, type HttpAnswer } from '../src/server/test/loopback-http';

export type Answer = HttpAnswer & { ms: number };

/** The n-th customer address (n < 64,000): 127.0.1.1, 127.0.1.2, … (254 per third octet). */
export const customerAddress = (n: number) => `127.0.${1 + Math.floor(n / 254)}.${1 + (n % 254)}`;

/** One call to the server at `url`, timed, from the loopback address `from` (default 127.0.0.1). */
export async function request(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { cookie?: string; from?: string } = {},
): Promise<Answer> {
  const { port, pathname, search } = new URL(url);
  const start = performance.now();
  const answer = await call(Number(port), method, pathname + search, { body, ...opts });
  return { ...answer, ms: performance.now() - start };
}

export const everyDay = (start = '08:00', end = '20:00') =>
  Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [k, { enabled: true, startTime: start, endTime: end }]),
  );

/** Today and `days` ahead in the owner's zone: the dates a bookable event spans. */
export const amsterdamDay = (days = 0) => addDays(todayInZone(new Date(), 'Europe/Amsterdam'), days);

export interface BenchOwner {
  cookie: string;
  eventId: string;
  slug: string;
}

/** Registers an owner and creates one event bookable every day of the coming year (08:00–20:00). */
export async function ownerWithEvent(
  base: string,
  event: Record<string, unknown> = {},
  ownerExtra: Record<string, unknown> = {},
): Promise<BenchOwner> {
  const username = `bench${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const reg = await request('POST', `${base}/api/register`, {
    username,
    password: 'geheim123',
    email: `${username}@example.nl`,
    ...ownerExtra,
  });
  const cookie = sessionCookie(reg);
  if (reg.status !== 201 || !cookie) throw new Error(`register: ${reg.status} ${reg.body}`);
  const res = await request(
    'POST',
    `${base}/api/events`,
    {
      title: 'Knippen',
      workingDays: everyDay(),
      dateRangeType: 'range',
      dateRangeStart: amsterdamDay(0),
      dateRangeEnd: amsterdamDay(365),
      durationMinutes: 30,
      dailyPauseTimes: Object.fromEntries(
        ['0', '1', '2', '3', '4', '5', '6'].map((k) => [k, [{ start: '12:00', end: '13:00' }]]),
      ),
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ],
      ...event,
    },
    { cookie },
  );
  if (res.status !== 201) throw new Error(`event: ${res.status} ${res.body}`);
  const created = JSON.parse(res.body) as { id: string; slug: string };
  return { cookie, eventId: created.id, slug: created.slug };
}

/** One public booking as the web client sends it, by customer n from their own address; `extra`: e.g. `seats`. */
export const book = (
  base: string,
  eventId: string,
  date: string,
  time: string,
  n: number,
  extra: Record<string, unknown> = {},
) =>
  request(
    'POST',
    `${base}/api/public/bookings`,
    {
      eventId,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': `klant${n}@example.nl` },
      ...extra,
    },
    { from: customerAddress(n) },
  );

/**
 * B12: the basket's month availability of a two-service visit (docs/PRODUCT.md#visits) under load,
 * against the production server process: a salon with three agendas (Anna and Bram as stylists, a
 * colour room), Knippen (30 min, either stylist) followed by Kleuren (60 min, a stylist and the
 * room), a month with 8 bookings a day of both services. Measured as B3 is (bench/load-ratio.ts):
 * 50 connections, as a ratio of the bare route with a body of the same size; beside it the month of
 * Kleuren alone on the same data, the single-service read the visit's is built from.
 */
import { amsterdamDay, book, ownerWithEvent, request } from './client';
import { report, type Figure } from './lib';
import { againstBare } from './load-ratio';
import { benchTargets, freshDatabase, startServer } from './server';

/** The goals: the visit's month at least 40% of the bare route, p99 at most 40 ms (as B3). */
const targets = { p99: 40, ratio: 0.4 } as const;
/** A day of the salon: Knippen with either stylist, Kleuren with one of them and the room. */
const KNIPPEN = ['08:00', '10:00', '10:30', '13:00', '14:00', '16:30'];
const KLEUREN = ['09:00', '15:00'];

async function json<T>(answer: Promise<{ status: number; body: string }>, what: string): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as T;
}

async function salon(base: string) {
  const owner = await ownerWithEvent(base, { allowCombinations: true });
  const opts = { cookie: owner.cookie };
  const [anna] = await json<Array<{ id: string }>>(
    request('GET', `${base}/api/agendas`, undefined, opts),
    'agendas',
  );
  const bram = await json<{ id: string }>(
    request('POST', `${base}/api/agendas`, { name: 'Bram' }, opts),
    'Bram',
  );
  const room = await json<{ id: string }>(
    request('POST', `${base}/api/agendas`, { name: 'Kleurkamer' }, opts),
    'room',
  );
  await json(
    request('PATCH', `${base}/api/events/${owner.eventId}`, { agendaIds: [anna!.id, bram.id] }, opts),
    'Knippen',
  );
  const event = await json<{ workingDays: unknown; dateRangeStart: string; dateRangeEnd: string }>(
    request('GET', `${base}/api/events/${owner.eventId}`, undefined, opts),
    'event',
  );
  const kleuren = await json<{ id: string }>(
    request(
      'POST',
      `${base}/api/events`,
      {
        title: 'Kleuren',
        workingDays: event.workingDays,
        dateRangeType: 'range',
        dateRangeStart: event.dateRangeStart,
        dateRangeEnd: event.dateRangeEnd,
        durationMinutes: 60,
        dailyPauseTimes: Object.fromEntries(
          ['0', '1', '2', '3', '4', '5', '6'].map((k) => [k, [{ start: '12:00', end: '13:00' }]]),
        ),
        customFields: [
          { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
          { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        ],
        agendaGroups: [[anna!.id, bram.id], [room.id]],
        allowCombinations: true,
      },
      opts,
    ),
    'Kleuren',
  );
  return { knippen: owner.eventId, kleuren: kleuren.id };
}

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  try {
    const { knippen, kleuren } = await salon(server.url);
    // Next month, 28 days of 6 Knippen and 2 Kleuren: 224 bookings over the three agendas.
    const month = amsterdamDay(31).slice(0, 7);
    let n = 0;
    for (let d = 1; d <= 28; d++) {
      const date = `${month}-${String(d).padStart(2, '0')}`;
      for (const [eventId, times] of [
        [knippen, KNIPPEN],
        [kleuren, KLEUREN],
      ] as const)
        for (const time of times) {
          const res = await book(server.url, eventId, date, time, n++);
          if (res.status !== 201) throw new Error(`seed booking ${date} ${time}: ${res.status} ${res.body}`);
        }
    }
    const visit = await againstBare(
      label,
      server.url,
      'visit month (Knippen + Kleuren)',
      `${server.url}/api/public/visits/availability?services=${knippen},${kleuren}&month=${month}`,
    );
    const days = (JSON.parse(visit.sample) as { days: Array<{ slots: Array<{ busy: boolean }> }> }).days;
    const slots = days.flatMap((d) => d.slots);
    console.log(
      `[${label}] visit month: ${days.length} days, ${slots.length} slots, ${slots.filter((s) => s.busy).length} busy`,
    );
    const single = await againstBare(
      label,
      server.url,
      'month of Kleuren alone',
      `${server.url}/api/public/events/${kleuren}/availability?month=${month}`,
    );
    return [
      {
        id: 'B12',
        name: `${label}: visit month / bare route (${Math.round(visit.bare.rps)} req/s, ${visit.bytes} B)`,
        value: visit.ratio * 100,
        unit: '%',
        target: `≥ ${targets.ratio * 100}%`,
        pass: visit.ratio >= targets.ratio && visit.hot.failures === 0 && visit.bare.failures === 0,
      },
      {
        id: 'B12',
        name: `${label}: visit month, 50 connections, req/s`,
        value: visit.hot.rps,
        unit: 'req/s',
        target: 'informative',
        pass: visit.hot.failures === 0,
      },
      {
        id: 'B12',
        name: `${label}: visit month latency p99`,
        value: visit.hot.p99,
        unit: 'ms',
        target: `≤ ${targets.p99} ms`,
        pass: visit.hot.p99 <= targets.p99,
      },
      {
        id: 'B12',
        name: `${label}: Kleuren alone, same data / bare route (${Math.round(single.bare.rps)} req/s, ${single.bytes} B)`,
        value: single.ratio * 100,
        unit: '%',
        target: `≥ ${targets.ratio * 100}%`,
        pass: single.ratio >= targets.ratio && single.hot.failures === 0,
      },
    ];
  } finally {
    await server.stop();
    await db.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b12-visit-availability', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

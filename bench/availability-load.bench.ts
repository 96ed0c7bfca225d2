/**
 * B3 and B3': the booking page's month availability and the taken times of one date under load: 50
 * connections for BENCH_DURATION seconds each (autocannon) against the production server process,
 * for a month of an event with pauses and 200 bookings. Each is also measured as a ratio of a bare
 * route of the same process answering a static JSON body of the same size (BENCH_BARE_ROUTE=1,
 * src/server/http/bench-bare-route.ts), alternating with it in rounds with the same settings: the
 * practical limit of this stack on this machine (issue 21: at least 40%).
 */
import { amsterdamDay, book, ownerWithEvent } from './client';
import { report, type Figure } from './lib';
import { againstBare } from './load-ratio';
import { benchTargets, freshDatabase, startServer } from './server';

/** Whole hours outside the 12:00–13:00 pause. */
const HOURS = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
/** Issue 21's goals, the same for B3 and B3'. */
const targets = { embedded: { rps: 1500 }, postgres: { rps: 3000 }, p99: 40, ratio: 0.4 } as const;

/** The read at `url` against the bare route (bench/load-ratio.ts), as B3's three figures. */
async function measured(label: 'embedded' | 'postgres', base: string, id: string, name: string, url: string) {
  const { bare, hot, bytes, ratio } = await againstBare(label, base, name, url);
  const figures: Figure[] = [
    {
      id,
      name: `${label}: ${name}, 50 connections, req/s`,
      value: hot.rps,
      unit: 'req/s',
      target: `≥ ${targets[label].rps}`,
      pass: hot.rps >= targets[label].rps && hot.failures === 0,
    },
    {
      id,
      name: `${label}: ${name} latency p99`,
      value: hot.p99,
      unit: 'ms',
      target: `≤ ${targets.p99} ms`,
      pass: hot.p99 <= targets.p99,
    },
    {
      id,
      name: `${label}: ${name} / bare route (${Math.round(bare.rps)} req/s, ${bytes} B)`,
      value: ratio * 100,
      unit: '%',
      target: `≥ ${targets.ratio * 100}%`,
      pass: ratio >= targets.ratio && bare.failures === 0,
    },
  ];
  return figures;
}

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  try {
    const { eventId } = await ownerWithEvent(server.url);
    // Next month: every day bookable, so the month has ~700 slots, 200 of them booked.
    const month = amsterdamDay(31).slice(0, 7);
    for (let n = 0; n < 200; n++) {
      const res = await book(
        server.url,
        eventId,
        `${month}-${String(1 + (n % 28)).padStart(2, '0')}`,
        HOURS[Math.floor(n / 28)]!,
        n,
      );
      if (res.status !== 201) throw new Error(`seed booking: ${res.status} ${res.body}`);
    }
    const events = `${server.url}/api/public/events/${eventId}`;
    return [
      ...(await measured(
        label,
        server.url,
        'B3',
        'month availability',
        `${events}/availability?month=${month}`,
      )),
      ...(await measured(
        label,
        server.url,
        "B3'",
        'taken times of a date',
        `${events}/bookings/${month}-01`,
      )),
    ];
  } finally {
    await server.stop();
    await db.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b3-availability-load', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

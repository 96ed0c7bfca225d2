/**
 * B3 and B3': the booking page's month availability and the taken times of one date under load: 50
 * connections for BENCH_DURATION seconds each (autocannon) against the production server process,
 * for a month of an event with pauses and 200 bookings. Each is also measured as a ratio of a bare
 * route of the same process answering a static JSON body of the same size (BENCH_BARE_ROUTE=1,
 * src/server/http/bench-bare-route.ts), alternating with it in rounds with the same settings: the
 * practical limit of this stack on this machine (issue 21: at least 40%).
 */
import autocannon from 'autocannon';
import { amsterdamDay, book, ownerWithEvent, request } from './client';
import { report, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer } from './server';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Whole hours outside the 12:00–13:00 pause. */
const HOURS = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
/** Issue 21's goals, the same for B3 and B3'. */
const targets = { embedded: { rps: 1500 }, postgres: { rps: 3000 }, p99: 40, ratio: 0.4 } as const;

interface Load {
  rps: number;
  p99: number;
  failures: number;
}

/** The machine is shared: the bare route and the read alternate in this many rounds of equal length. */
const ROUNDS = 3;

/**
 * Waits until the server answers /healthz at once again: a slow read leaves requests queued when its
 * round ends, which must not be counted against the next round.
 */
async function settled(url: string) {
  const health = `${new URL(url).origin}/healthz`;
  for (let tries = 0; tries < 100; tries++) if ((await request('GET', health)).ms < 20) return;
}

async function once(url: string, duration: number): Promise<Load> {
  await settled(url);
  const result = await autocannon({ url, connections: 50, duration });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Rounds of one URL: mean req/s, the median round's p99, all failures. */
function combined(label: string, what: string, rounds: Load[]): Load {
  const rps = rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length;
  const p99 = [...rounds.map((r) => r.p99)].sort((x, y) => x - y)[Math.floor(rounds.length / 2)]!;
  const failures = rounds.reduce((sum, r) => sum + r.failures, 0);
  console.log(
    `[${label}] ${what}: ${rounds.map((r) => Math.round(r.rps)).join(' / ')} req/s per round, ` +
      `mean ${Math.round(rps)} req/s, p99 ${p99} ms, ${failures} failed`,
  );
  return { rps, p99, failures };
}

/**
 * The read at `url` and the bare route with a body of its size, alternating in ROUNDS rounds of
 * BENCH_DURATION / ROUNDS seconds each, so a neighbour's load falls on both alike.
 */
async function measured(label: 'embedded' | 'postgres', base: string, id: string, name: string, url: string) {
  const sample = await request('GET', url);
  if (sample.status !== 200) throw new Error(`${name}: ${sample.status} ${sample.body}`);
  const bytes = Buffer.byteLength(sample.body);
  const bareUrl = `${base}/bench/bare?bytes=${bytes}`;
  // Warm-up (JIT, connection pools, the cache's first answer).
  await autocannon({ url: bareUrl, connections: 10, duration: 2 });
  await autocannon({ url, connections: 10, duration: 2 });
  const bareRounds: Load[] = [];
  const hotRounds: Load[] = [];
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await once(bareUrl, slice));
    hotRounds.push(await once(url, slice));
  }
  const bare = combined(label, `bare route, ${bytes} bytes`, bareRounds);
  const hot = combined(label, name, hotRounds);
  const ratio = hot.rps / bare.rps;
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

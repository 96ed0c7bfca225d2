/**
 * B3: the booking page's month availability under load: 50 connections for 20 s (autocannon)
 * against the production server process, for a month of an event with pauses and 200 bookings.
 */
import autocannon from 'autocannon';
import { amsterdamDay, book, ownerWithEvent } from './client';
import { report, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer } from './server';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
/** Whole hours outside the 12:00–13:00 pause. */
const HOURS = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
const targets = { embedded: { rps: 800 }, postgres: { rps: 2500, p99: 40 } } as const;

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  const server = await startServer(db);
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
    const url = `${server.url}/api/public/events/${eventId}/availability?month=${month}`;
    await autocannon({ url, connections: 10, duration: 3 }); // warm-up (JIT, connection pools)
    const result = await autocannon({ url, connections: 50, duration: DURATION });
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(`[${label}] ${result.requests.total} requests, ${failures} failed`);
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const target = targets[label];
    return [
      {
        id: 'B3',
        name: `${label}: month availability, 50 connections, req/s`,
        value: rps,
        unit: 'req/s',
        target: `≥ ${target.rps}`,
        pass: rps >= target.rps && failures === 0,
      },
      {
        id: 'B3',
        name: `${label}: month availability latency p99`,
        value: p99,
        unit: 'ms',
        target: 'p99' in target ? `≤ ${target.p99} ms` : 'informative',
        pass: 'p99' in target ? p99 <= target.p99 : true,
      },
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

/**
 * B5: 200 customers book the same slot at the same moment: exactly one wins, everyone gets an
 * answer quickly. Then many customers book distinct slots concurrently: bookings per second.
 * Over real HTTP against the production server; every customer has their own address.
 */
import { amsterdamDay, book, ownerWithEvent } from './client';
import { percentile, report, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer } from './server';

const RACERS = 200;
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 1500);
const CONCURRENCY = 50;
/** Issue 21's goals for distinct slots: the embedded database is one thread with the server. */
const MIN_PER_SECOND = { embedded: 150, postgres: 400 };
/** The event's slots outside the 12:00–13:00 pause (08:00–20:00, 30 minutes). */
const TIMES = Array.from(
  { length: 24 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
).filter((t) => !t.startsWith('12:'));

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  const server = await startServer(db);
  try {
    const { eventId } = await ownerWithEvent(server.url);
    // Warm-up: a few bookings on a far day (JIT, connection pools).
    for (let n = 0; n < 20; n++) await book(server.url, eventId, amsterdamDay(300), TIMES[n]!, 60_000 + n);

    const date = amsterdamDay(2);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, n) => book(server.url, eventId, date, '10:00', n)),
    );
    const won = answers.filter((a) => a.status === 201).length;
    const taken = answers.filter((a) => a.status === 409).length;
    const other = answers.filter((a) => a.status !== 201 && a.status !== 409);
    if (other.length)
      console.log(
        `[${label}] unexpected answers:`,
        other.slice(0, 3).map((a) => `${a.status} ${a.body}`),
      );
    const p99 = percentile(
      answers.map((a) => a.ms),
      99,
    );

    // Distinct slots: DISTINCT bookings over days 3… with CONCURRENCY requests in flight.
    const jobs = Array.from({ length: DISTINCT }, (_, i) => ({
      date: amsterdamDay(3 + Math.floor(i / TIMES.length)),
      time: TIMES[i % TIMES.length]!,
      n: RACERS + i,
    }));
    let next = 0;
    let failed = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const res = await book(server.url, eventId, job.date, job.time, job.n);
          if (res.status !== 201) failed++;
        }
      }),
    );
    const perSecond = DISTINCT / ((performance.now() - start) / 1000);
    if (failed) console.log(`[${label}] ${failed} distinct-slot bookings failed`);
    return [
      {
        id: 'B5',
        name: `${label}: ${RACERS} concurrent bookings of one slot: successes`,
        value: won,
        unit: '',
        target: 'exactly 1',
        pass: won === 1 && taken === RACERS - 1,
      },
      {
        id: 'B5',
        name: `${label}: ${RACERS} concurrent bookings of one slot: p99`,
        value: p99,
        unit: 'ms',
        target: '≤ 300 ms',
        pass: p99 <= 300,
      },
      {
        id: 'B5',
        name: `${label}: distinct slots, ${CONCURRENCY} in flight`,
        value: perSecond,
        unit: 'bookings/s',
        target: `≥ ${MIN_PER_SECOND[label]}`,
        pass: perSecond >= MIN_PER_SECOND[label] && failed === 0,
      },
    ];
  } finally {
    await server.stop();
    await db.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b5-booking-contention', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

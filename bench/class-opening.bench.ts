/**
 * B13: a class opening (docs/PRODUCT.md#classes). 1,000 customers, each with their own address and
 * e-mail, book one place of one class time with 20 places at the same moment: exactly 20 get 201,
 * the other 980 get 409, and every one is answered quickly; afterwards the owner's bookings hold
 * exactly 20 places at that time and the public month shows it with seatsLeft 0.
 *
 * Then the month availability of that class under the same rush, as a ratio of the bare route
 * (bench/load-ratio.ts, as B3 and B12 are). One rush is over in a second or two, too short a window
 * for a rate, so each measured round is a few rushes back to back (BENCH_RUSHES, each on a fresh
 * class time of the month being read, each again 1,000 customers for 20 places), and only the
 * answers that arrive while those bookings are in flight count; the bare route's rounds run under
 * the same rushes, alternating with the month's, so both compete with the same work. Over real HTTP
 * against the production server; every customer has their own loopback address, so the public
 * booking limit per address (30 a minute) never refuses one.
 */
import { amsterdamDay, book, ownerWithEvent, request, type Answer } from './client';
import { percentile, report, type Figure } from './lib';
import { againstBareDuring } from './load-ratio';
import { benchTargets, freshDatabase, startServer } from './server';

const CUSTOMERS = 1000;
const SEATS = 20;
/** Rushes per measured round; 3 rounds of each URL (load-ratio.ts), so 6 × this many rushes. */
const RUSHES = Number(process.env.BENCH_RUSHES ?? 3);
const targets = { p99: { embedded: 500, postgres: 300 }, ratio: 0.4 } as const;
/** The class's times: 60 minutes from 08:00 to 20:00 with the 12:00–13:00 pause. */
const TIMES = ['08', '09', '10', '11', '13', '14', '15', '16', '17', '18', '19'].map((h) => `${h}:00`);

type Slot = { time: string; busy: boolean; seatsLeft?: number };
type Month = { days: Array<{ date: string; slots: Slot[] }> };

interface Rush {
  date: string;
  time: string;
  won: number;
  full: number;
  other: Answer[];
  p99: number;
}

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  try {
    const base = server.url;
    const { eventId, cookie } = await ownerWithEvent(base, {
      title: 'Yoga',
      durationMinutes: 60,
      seats: SEATS,
      maxSeatsPerBooking: 4,
    });
    // Every customer of the run is new: their own e-mail and address (customerAddress < 64,000).
    let customer = 0;
    async function rush(date: string, time: string, size = CUSTOMERS): Promise<Rush> {
      if (customer + size > 64_000) throw new Error('out of customer addresses: fewer BENCH_RUSHES');
      // A call that fails (the client's 30 s timeout) is an answer too (status 0), reported below.
      const answers = await Promise.all(
        Array.from({ length: size }, () => {
          const start = performance.now();
          return book(base, eventId, date, time, customer++, { seats: 1 }).catch((err: Error): Answer => ({
            status: 0,
            headers: {},
            body: err.message,
            json: () => null as never,
            ms: performance.now() - start,
          }));
        }),
      );
      return {
        date,
        time,
        won: answers.filter((a) => a.status === 201).length,
        full: answers.filter((a) => a.status === 409).length,
        other: answers.filter((a) => a.status !== 201 && a.status !== 409),
        p99: percentile(
          answers.map((a) => a.ms),
          99,
        ),
      };
    }
    const exact = (r: Rush, size = CUSTOMERS) => r.won === SEATS && r.full === size - SEATS;
    const unexpected = (r: Rush) => {
      if (r.other.length)
        console.log(
          `[${label}] ${r.date} ${r.time}: ${r.other.length} unexpected answers:`,
          r.other.slice(0, 3).map((a) => `${a.status} ${a.body}`),
        );
    };
    const monthOf = async (month: string) => {
      const res = await request('GET', `${base}/api/public/events/${eventId}/availability?month=${month}`);
      if (res.status !== 200) throw new Error(`month ${month}: ${res.status} ${res.body}`);
      return JSON.parse(res.body) as Month;
    };
    const slotIn = (m: Month, date: string, time: string) =>
      m.days.find((d) => d.date === date)?.slots.find((s) => s.time === time);

    // Warm-up: a rush of the same size on a far day. The first burst of 1,000 connections costs the
    // server about twice the CPU of the next ones (JIT, the heap growing), which is not the class's.
    unexpected(await rush(amsterdamDay(300), '10:00'));

    // The opening: next month's first day at 10:00, nothing else running.
    const month = amsterdamDay(31).slice(0, 7);
    const date = `${month}-01`;
    const opening = await rush(date, '10:00');
    unexpected(opening);
    console.log(
      `[${label}] opening: ${opening.won} × 201, ${opening.full} × 409, p99 ${Math.round(opening.p99)} ms`,
    );

    // What the owner and the public see of it afterwards.
    const listed = await request(
      'GET',
      `${base}/api/bookings?eventId=${eventId}&from=${date}&to=${date}&limit=500`,
      undefined,
      { cookie },
    );
    if (listed.status !== 200) throw new Error(`owner bookings: ${listed.status} ${listed.body}`);
    const sold = (JSON.parse(listed.body) as Array<{ bookingTime: string; status: string; seats: number }>)
      .filter((b) => b.bookingTime === '10:00' && b.status === 'confirmed')
      .reduce((sum, b) => sum + b.seats, 0);
    const after = slotIn(await monthOf(month), date, '10:00');
    console.log(
      `[${label}] after the opening: ${sold} places sold (owner), public slot ${JSON.stringify(after)}`,
    );

    // The month under rushes: the class times from the month's second day on, in order.
    const times = Array.from({ length: 27 }, (_, d) => `${month}-${String(d + 2).padStart(2, '0')}`).flatMap(
      (day) => TIMES.map((time) => ({ day, time })),
    );
    const rushes: Rush[] = [];
    const work = async () => {
      for (let i = 0; i < RUSHES; i++) {
        const next = times.shift();
        if (!next) throw new Error('out of class times for the rushes');
        const r = await rush(next.day, next.time);
        unexpected(r);
        rushes.push(r);
      }
    };
    const load = await againstBareDuring(
      label,
      base,
      'class month',
      `${base}/api/public/events/${eventId}/availability?month=${month}`,
      work,
    );
    const full = await monthOf(month);
    const allExact = rushes.filter((r) => exact(r) && slotIn(full, r.date, r.time)?.seatsLeft === 0).length;
    console.log(
      `[${label}] ${rushes.length} rushes under the reads: ${allExact} sold exactly ${SEATS} and show seatsLeft 0; ` +
        `p99 per rush ${rushes.map((r) => Math.round(r.p99)).join(' / ')} ms`,
    );

    return [
      {
        id: 'B13',
        name: `${label}: ${CUSTOMERS} concurrent bookings of one ${SEATS}-place class time: successes`,
        value: opening.won,
        unit: '',
        target: `exactly ${SEATS}`,
        pass: exact(opening),
      },
      {
        id: 'B13',
        name: `${label}: ${CUSTOMERS} concurrent bookings of one class time: p99`,
        value: opening.p99,
        unit: 'ms',
        target: `≤ ${targets.p99[label]} ms`,
        pass: opening.p99 <= targets.p99[label],
      },
      {
        id: 'B13',
        name: `${label}: after the opening: places sold (owner list), public seatsLeft ${after?.seatsLeft}`,
        value: sold,
        unit: 'places',
        target: `${SEATS}, seatsLeft 0`,
        pass: sold === SEATS && after?.seatsLeft === 0 && after.busy,
      },
      {
        id: 'B13',
        name: `${label}: class month during the rushes / bare route (${Math.round(load.bare.rps)} req/s, ${load.bytes} B)`,
        value: load.ratio * 100,
        unit: '%',
        target: `≥ ${targets.ratio * 100}%`,
        pass: load.ratio >= targets.ratio && load.hot.failures === 0 && load.bare.failures === 0,
      },
      {
        id: 'B13',
        name: `${label}: class month during the rushes, 50 connections, req/s (p99 ${load.hot.p99} ms)`,
        value: load.hot.rps,
        unit: 'req/s',
        target: 'informative',
        pass: load.hot.failures === 0,
      },
      {
        id: 'B13',
        name: `${label}: rushes during the reads that sold exactly ${SEATS} (seatsLeft 0 after)`,
        value: allExact,
        unit: `of ${rushes.length}`,
        target: `all ${rushes.length}`,
        pass: allExact === rushes.length,
      },
    ];
  } finally {
    await server.stop();
    await db.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b13-class-opening', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

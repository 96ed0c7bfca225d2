/**
 * B15: from a booking's commit to its SMS confirmation handed to the owner's provider (a fake Twilio
 * on loopback that keeps every message it accepted), at a steady rate; then nothing is lost, and
 * nothing sent twice, when the server is killed with SIGKILL mid-delivery and started again on the
 * same database (like B7 for e-mail and webhooks). The clock is fixed at 10:00 in Amsterdam so the
 * quiet hours (21:00–08:00) never hold a confirmation back, whenever the bench runs.
 */
import { todayInZone } from '../src/core/index';
import { startFakeTwilio } from '../src/server/test/fake-messaging';
import { amsterdamDay, book, ownerWithEvent, request } from './client';
import { percentile, report, until, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer, type BenchDatabase } from './server';

const BOOKINGS = Number(process.env.BENCH_TEXT_BOOKINGS ?? 80);
const KILLED = 80;
/** Bookings per second while measuring lag, as in B7. */
const RATE = 10;
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30'];

const phoneOf = (n: number) => `+3161${String(n).padStart(7, '0')}`;
const slotOf = (n: number) => ({
  date: amsterdamDay(2 + Math.floor(n / TIMES.length)),
  time: TIMES[n % TIMES.length]!,
});

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const twilio = await startFakeTwilio();
  // When each number's first message was seen at the fake (polled every 20 ms), and how many it got.
  const seenAt = new Map<string, number>();
  const count = new Map<string, number>();
  const poll = setInterval(() => {
    count.clear();
    for (const m of twilio.messages()) {
      if (!seenAt.has(m.to)) seenAt.set(m.to, Date.now());
      count.set(m.to, (count.get(m.to) ?? 0) + 1);
    }
  }, 20);
  const env = {
    TWILIO_API_BASE: twilio.url,
    NODE_ENV: 'test',
    TEST_TODAY: `${todayInZone(new Date(), 'Europe/Amsterdam')}T10:00`,
  };
  const db: BenchDatabase = await freshDatabase(label);
  let server = await startServer(db, env);
  const figures: Figure[] = [];
  try {
    const owner = await ownerWithEvent(server.url, {
      customFields: [
        { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
        { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
        { fieldName: 'Telefoon', fieldType: 'phone', isRequired: true, order: 2 },
      ],
      textMessages: { channel: 'sms', send: ['confirmation'], reminderHours: 24 },
    });
    const connected = await request(
      'PUT',
      `${server.url}/api/messaging`,
      { provider: 'twilio', ...twilio.newAccount(), sender: 'SalonBench' },
      { cookie: owner.cookie },
    );
    if (connected.status !== 200) throw new Error(`messaging: ${connected.status} ${connected.body}`);
    const bookText = async (n: number) => {
      const { date, time } = slotOf(n);
      const res = await book(server.url, owner.eventId, date, time, n, {
        customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': `klant${n}@example.nl`, Telefoon: phoneOf(n) },
        textConsent: true,
      });
      if (res.status !== 201) throw new Error(`booking ${n}: ${res.status} ${res.body}`);
    };
    const all = (from: number, to: number) => () => {
      for (let n = from; n < to; n++) if (!seenAt.has(phoneOf(n))) return false;
      return true;
    };

    const committed: number[] = [];
    for (let n = 0; n < BOOKINGS; n++) {
      const started = Date.now();
      await bookText(n);
      committed[n] = Date.now();
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / RATE - (Date.now() - started))));
    }
    await until(all(0, BOOKINGS), 60_000);
    const lags = committed.map((c, n) => (seenAt.get(phoneOf(n)) ?? Infinity) - c);
    const p50 = percentile(lags, 50) / 1000;
    const p99 = percentile(lags, 99) / 1000;
    figures.push(
      {
        id: 'B15',
        name: `${label}: commit → SMS handed to the provider p50`,
        value: p50,
        unit: 's',
        target: '≤ 2 s',
        pass: p50 <= 2,
      },
      {
        id: 'B15',
        name: `${label}: commit → SMS handed to the provider p99`,
        value: p99,
        unit: 's',
        target: 'informative',
        pass: true,
      },
    );

    // SIGKILL mid-delivery: the bookings commit in a burst, the process dies while their texts go out.
    const first = BOOKINGS;
    await Promise.all(Array.from({ length: KILLED }, (_, i) => bookText(first + i)));
    await until(() => seenAt.has(phoneOf(first)) || [...seenAt.keys()].length > first, 30_000);
    await server.kill('SIGKILL');
    const restartedAt = Date.now();
    // The same address as before: the texts carry it (the manage link), and a lookup after the kill
    // matches a message by its text, as in production where APP_URL does not change on a restart.
    const { port } = new URL(server.url);
    server = await startServer(db, { ...env, PORT: port, APP_URL: server.url });
    await until(all(first, first + KILLED), 6 * 60_000);
    let lost = 0;
    let twice = 0;
    for (let n = first; n < first + KILLED; n++) {
      if (!seenAt.has(phoneOf(n))) lost += 1;
      if ((count.get(phoneOf(n)) ?? 0) > 1) twice += 1;
    }
    figures.push(
      {
        id: 'B15',
        name: `${label}: SIGKILL mid-delivery, SMS lost of ${KILLED}`,
        value: lost,
        unit: '',
        target: '0',
        pass: lost === 0,
      },
      {
        id: 'B15',
        name: `${label}: SIGKILL mid-delivery, SMS sent twice of ${KILLED}`,
        value: twice,
        unit: '',
        target: '0',
        pass: twice === 0,
      },
      {
        id: 'B15',
        name: `${label}: SIGKILL mid-delivery, all handed over after restart within`,
        value: (Date.now() - restartedAt) / 1000,
        unit: 's',
        target: 'informative',
        pass: true,
      },
    );
  } finally {
    clearInterval(poll);
    await server.stop();
    await db.drop();
    await twilio.close();
  }
  return figures;
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b15-text-delivery', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

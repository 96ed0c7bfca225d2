/**
 * B7: from a booking's commit to its e-mail arriving at the SMTP server and its webhook at the
 * receiver; then nothing is lost when the server is killed with SIGKILL mid-delivery and started
 * again on the same database. A real SMTP server and a real HTTP receiver run in this process.
 */
import { startSmtp } from '../src/server/test/smtp';
import { startReceiver } from '../src/server/test/webhook-receiver';
import { amsterdamDay, book, ownerWithEvent, request } from './client';
import { percentile, report, until, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer, type BenchDatabase } from './server';

const BOOKINGS = Number(process.env.BENCH_LAG_BOOKINGS ?? 100);
const KILLED = 40;
/** Bookings per second while measuring lag: a busy salon chain, not a flood. */
const RATE = 10;
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30'];

const emailOf = (n: number) => `klant${n}@example.nl`;
const slotOf = (n: number) => ({
  date: amsterdamDay(2 + Math.floor(n / TIMES.length)),
  time: TIMES[n % TIMES.length]!,
});

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const smtp = await startSmtp();
  const receiver = await startReceiver([{ status: 200 }]);
  const env = {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Afspraken <afspraken@example.nl>',
    WEBHOOK_ALLOW_PRIVATE: '1',
  };
  const db: BenchDatabase = await freshDatabase(label);
  let server = await startServer(db, env);
  const figures: Figure[] = [];
  try {
    const owner = await ownerWithEvent(server.url, {}, { email: 'salon@example.nl' });
    const hook = await request(
      'POST',
      `${server.url}/api/events/${owner.eventId}/webhooks`,
      { name: 'CRM', url: receiver.url },
      { cookie: owner.cookie },
    );
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.body}`);
    const mailAt = (n: number) => smtp.received.find((m) => m.envelope.to.includes(emailOf(n)))?.at;
    const hookAt = (n: number) => receiver.received.find((h) => h.body.includes(`"${emailOf(n)}"`))?.at;

    // Lag: bookings at a steady rate, each commit time taken when its 201 arrives.
    const committed: number[] = [];
    for (let n = 0; n < BOOKINGS; n++) {
      const started = Date.now();
      const { date, time } = slotOf(n);
      const res = await book(server.url, owner.eventId, date, time, n);
      if (res.status !== 201) throw new Error(`booking ${n}: ${res.status} ${res.body}`);
      committed[n] = Date.now();
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / RATE - (Date.now() - started))));
    }
    const all = (at: (n: number) => number | undefined, from: number, to: number) => () => {
      for (let n = from; n < to; n++) if (at(n) === undefined) return false;
      return true;
    };
    await until(all(mailAt, 0, BOOKINGS), 60_000);
    await until(all(hookAt, 0, BOOKINGS), 60_000);
    const mailLags = committed.map((c, n) => (mailAt(n) ?? Infinity) - c);
    const hookLags = committed.map((c, n) => (hookAt(n) ?? Infinity) - c);
    for (const [what, lags] of [
      ['e-mail', mailLags],
      ['webhook', hookLags],
    ] as const) {
      const p50 = percentile(lags, 50) / 1000;
      const p99 = percentile(lags, 99) / 1000;
      figures.push(
        {
          id: 'B7',
          name: `${label}: commit → ${what} delivered p50`,
          value: p50,
          unit: 's',
          target: '≤ 2 s',
          pass: p50 <= 2,
        },
        {
          id: 'B7',
          name: `${label}: commit → ${what} delivered p99`,
          value: p99,
          unit: 's',
          target: '≤ 10 s',
          pass: p99 <= 10,
        },
      );
    }

    // SIGKILL during delivery: the receiver holds each webhook 1.5 s, so several are in flight.
    receiver.script.splice(0, receiver.script.length, { status: 200, delayMs: 1500 });
    const first = BOOKINGS;
    for (let n = first; n < first + KILLED; n++) {
      const { date, time } = slotOf(n);
      const res = await book(server.url, owner.eventId, date, time, n);
      if (res.status !== 201) throw new Error(`booking ${n}: ${res.status} ${res.body}`);
    }
    await until(() => receiver.received.some((h) => h.body.includes(emailOf(first))), 30_000);
    await server.kill('SIGKILL');
    const restartedAt = Date.now();
    server = await startServer(db, env);
    // Jobs that were running when the process died are retried once pg-boss expires them (2 min).
    const complete = () => all(mailAt, first, first + KILLED)() && all(hookAt, first, first + KILLED)();
    await until(complete, 6 * 60_000);
    let lost = 0;
    for (let n = first; n < first + KILLED; n++)
      lost += (mailAt(n) === undefined ? 1 : 0) + (hookAt(n) === undefined ? 1 : 0);
    figures.push(
      {
        id: 'B7',
        name: `${label}: SIGKILL mid-delivery, e-mails + webhooks lost of ${KILLED * 2}`,
        value: lost,
        unit: '',
        target: '0',
        pass: lost === 0,
      },
      {
        id: 'B7',
        name: `${label}: SIGKILL mid-delivery, all delivered after restart within`,
        value: (Date.now() - restartedAt) / 1000,
        unit: 's',
        target: 'informative',
        pass: true,
      },
    );
  } finally {
    await server.stop();
    await db.drop();
    await smtp.stop();
    await receiver.stop();
  }
  return figures;
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b7-delivery-lag', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

/**
 * B6: with 100,000 bookings, the owner's bookings pages and the dashboard aggregates stay fast.
 * Seeds one owner with 20 events × 5,000 bookings directly in SQL, then times the real routes
 * through app.inject (server time, no network) on the embedded database and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { percentile, report, timeRuns, type Figure } from './lib';
import { BENCH_SECRET, benchTargets, freshDatabase } from './server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const EVENTS = 20;

async function run(label: 'embedded' | 'postgres') {
  const target = await freshDatabase(label);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: BENCH_SECRET,
    DATABASE_URL: target.url,
  });
  const database = openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: `bench${Date.now()}`, password: 'geheim123' },
  });
  const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
  const workingDays = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: true, startTime: '08:00', endTime: '20:00' },
    ]),
  );
  const perEvent = Math.ceil(BOOKINGS / EVENTS);
  console.log(`[${label}] seeding ${EVENTS * perEvent} bookings…`);
  for (let e = 0; e < EVENTS; e++) {
    // Every event has the same times, so each books into an agenda of its own (a chair per event):
    // bookings of one agenda never overlap.
    const agenda = await app.inject({
      method: 'POST',
      url: '/api/agendas',
      headers: { cookie },
      payload: { name: `Stoel ${e + 1}` },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: {
        title: `Bench ${e}`,
        workingDays,
        dateRangeType: 'range',
        dateRangeStart: '2026-01-01',
        dateRangeEnd: '2028-12-31',
        durationMinutes: 30,
        requiresPayment: e % 2 === 0,
        paymentAmount: e % 2 === 0 ? '25' : null,
        customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true }],
        agendaIds: [agenda.json().id],
      },
    });
    const eventId = res.json().id as string;
    // Consecutive 30-minute slots from 2026-01-01 08:00 UTC, 24 per day, never overlapping.
    await database.db.execute(sql`
      insert into bookings (event_id, customer_name, customer_email, customer_phone, booking_date, booking_time, starts_at, ends_at, status, payment_status, management_token_hash, custom_field_responses)
      select ${eventId}::uuid, 'Klant ' || g, 'klant' || g || '@example.nl', '+3161234' || lpad((g % 10000)::text, 4, '0'),
             (timestamptz '2026-01-01 08:00+00' + (g / 24) * interval '1 day' + (g % 24) * interval '30 minutes')::date,
             to_char(timestamptz '2026-01-01 08:00+00' + (g / 24) * interval '1 day' + (g % 24) * interval '30 minutes', 'HH24:MI'),
             timestamptz '2026-01-01 08:00+00' + (g / 24) * interval '1 day' + (g % 24) * interval '30 minutes',
             timestamptz '2026-01-01 08:30+00' + (g / 24) * interval '1 day' + (g % 24) * interval '30 minutes',
             case when g % 17 = 0 then 'cancelled' else 'confirmed' end,
             case when g % 3 = 0 then 'paid' else 'not_required' end,
             ${eventId} || '-' || g, '{}'::jsonb
      from generate_series(0, ${perEvent - 1}) g`);
  }
  // What autovacuum (PostgreSQL) or the hourly maintenance job (embedded) does in production.
  await database.db.execute(sql`vacuum analyze`);
  const get = (url: string) => async () => {
    const r = await app.inject({ url, headers: { cookie } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r;
  };
  const deepCursor = (await app.inject({ url: '/api/bookings?limit=500', headers: { cookie } })).headers[
    'x-next-cursor'
  ];
  const pages: [string, string][] = [
    ['first page (UI page size 50)', '/api/bookings?limit=50'],
    ['plain call (100 rows)', '/api/bookings'],
    ['search by name', '/api/bookings?q=Klant%2012345'],
    ['status filter', '/api/bookings?status=cancelled'],
    ['next page (cursor)', `/api/bookings?limit=50&cursor=${deepCursor}`],
    ['date range', '/api/bookings?from=2026-06-01&to=2026-06-30'],
  ];
  const figures: Figure[] = [];
  let worstPage = 0;
  for (const [name, url] of pages) {
    const p99 = percentile(await timeRuns(get(url), 200, 10), 99);
    worstPage = Math.max(worstPage, p99);
    figures.push({
      id: 'B6',
      name: `${label}: bookings ${name} p99`,
      value: p99,
      unit: 'ms',
      target: '≤ 30 ms',
      pass: p99 <= 30,
    });
  }
  const dash = percentile(await timeRuns(get('/api/dashboard'), 40), 50);
  figures.push({
    id: 'B6',
    name: `${label}: dashboard aggregates median`,
    value: dash,
    unit: 'ms',
    target: '≤ 50 ms',
    pass: dash <= 50,
  });
  const stats = percentile(await timeRuns(get('/api/analytics?period=month'), 20), 50);
  figures.push({
    id: 'B6',
    name: `${label}: statistics (month) median`,
    value: stats,
    unit: 'ms',
    target: 'informative',
    pass: true,
  });
  await app.close();
  await database.close();
  await target.drop();
  return figures;
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b6-bookings-scale', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

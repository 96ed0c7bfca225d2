/**
 * B6: with 100,000 bookings, the owner's bookings pages and the dashboard aggregates stay fast.
 * Seeds one owner with 20 events × 5,000 bookings directly in SQL, then times the real routes
 * through app.inject (server time, no network) on the embedded database and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { percentile, report, timeRuns, type Figure } from './lib';
import { seededApp } from './seed-bookings';
import { benchTargets } from './server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);

async function run(label: 'embedded' | 'postgres') {
  const { target, app, database, cookie } = await seededApp(label, BOOKINGS, `bench${Date.now()}`);
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

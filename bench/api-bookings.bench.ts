/**
 * B14: the versioned API's bookings of one month (GET /api/v1/bookings?from=…&to=…&limit=200, the
 * page size an integration syncing a month asks for) over a business with 100,000 bookings stays
 * fast. Seeds one owner directly in SQL (bench/seed-bookings.ts, 7 a day per event: about two years,
 * some 4,200 bookings in a month), makes an API key as the owner does (POST /api/api-keys), then times
 * the real route through app.inject (server time, no network) on the embedded database and, with
 * DATABASE_URL, on PostgreSQL: the month's first page, and the whole month followed page by page
 * through nextCursor.
 */
import { percentile, report, timeRuns, type Figure } from './lib';
import { seededApp } from './seed-bookings';
import { benchTargets } from './server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
// A month late in the two years: a plan walking the appointments in order from the first one (the
// keyset's index) would pass most of the 100,000 before reaching it.
const FROM = '2027-06-01';
const TO = '2027-06-30';
const LIMIT = 200;
// The sequential calls of one run are far more than an integration's 120 a minute; the limit is
// not what is measured.
process.env.API_LIMIT_PER_MINUTE = '100000';

interface Page {
  data: { date: string }[];
  nextCursor: string | null;
}

async function run(label: 'embedded' | 'postgres') {
  const { target, app, database, cookie } = await seededApp(label, BOOKINGS, `api${Date.now()}`, {
    perDay: 7,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie },
    payload: { name: 'Bench', access: 'read' },
  });
  if (created.statusCode !== 201) throw new Error(`api key: ${created.statusCode} ${created.body}`);
  const authorization = `Bearer ${created.json().key as string}`;
  const month = `/api/v1/bookings?from=${FROM}&to=${TO}&limit=${LIMIT}`;
  const page = async (cursor?: string): Promise<Page> => {
    const url = cursor ? `${month}&cursor=${encodeURIComponent(cursor)}` : month;
    const r = await app.inject({ url, headers: { authorization } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json() as Page;
  };

  // The month walked once first: its size, and every booking inside the month.
  let count = 0;
  let pages = 0;
  for (let cursor: string | null | undefined; cursor !== null; pages++) {
    const p = await page(cursor);
    if (p.data.some((b) => b.date < FROM || b.date > TO)) throw new Error('a booking outside the month');
    count += p.data.length;
    cursor = p.nextCursor;
  }
  console.log(`[${label}] ${FROM}…${TO}: ${count} bookings in ${pages} pages of ${LIMIT}`);
  if (count < 4 * LIMIT) throw new Error(`the month holds only ${count} bookings`);

  const first = await timeRuns(
    async () => {
      if ((await page()).data.length !== LIMIT) throw new Error('first page not full');
    },
    200,
    10,
  );
  // Every page of the walk timed on its own (the deep pages are where a plan could slow down), and
  // each walk as a whole.
  const perPage: number[] = [];
  const walks = await timeRuns(
    async () => {
      for (let cursor: string | null | undefined; cursor !== null;) {
        const start = performance.now();
        cursor = (await page(cursor)).nextCursor;
        perPage.push(performance.now() - start);
      }
    },
    10,
    2,
  );
  // The warm-up walks' pages are not counted.
  perPage.splice(0, perPage.length - 10 * pages);

  const figures: Figure[] = [];
  const ms = (name: string, value: number, target: string, pass: boolean): Figure => ({
    id: 'B14',
    name: `${label}: ${name}`,
    value,
    unit: 'ms',
    target,
    pass,
  });
  const firstP99 = percentile(first, 99);
  const pageP99 = percentile(perPage, 99);
  figures.push(
    ms(`API bookings of a month, first page of ${LIMIT} p50`, percentile(first, 50), 'informative', true),
    ms(`API bookings of a month, first page of ${LIMIT} p99`, firstP99, '≤ 50 ms', firstP99 <= 50),
    ms(`API bookings of a month, any page of the walk p50`, percentile(perPage, 50), 'informative', true),
    ms(`API bookings of a month, any page of the walk p99`, pageP99, '≤ 50 ms', pageP99 <= 50),
    ms(
      `API bookings of a month, the whole month (${count} in ${pages} pages) median`,
      percentile(walks, 50),
      'informative',
      true,
    ),
  );
  await app.close();
  await database.close();
  await target.drop();
  return figures;
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b14-api-bookings', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

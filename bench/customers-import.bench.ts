/**
 * B11: the customer import (docs/PRODUCT.md#customer-import-and-export). A 20,000-row file, the
 * largest one accepted, is imported by the production server process (`node scripts/start.mjs`)
 * over HTTP as the browser sends it (multipart FormData): first into an empty business (20,000 new
 * customers with a note each), then again (20,000 merges, no note added). Then the business grows to
 * 50,000 customers and the streamed export of all of them is timed.
 */
import { request } from './client';
import { report, type Figure } from './lib';
import { benchTargets, freshDatabase, startServer } from './server';
import { sessionCookie } from '../src/server/test/loopback-http';

const ROWS = 20_000;
const EXPORTED = 50_000;

/** A file as Excel's "CSV UTF-8" writes it: BOM, `;`, CRLF, Dutch dates, accents, quoted notes. */
function customerFile(from: number, count: number): Blob {
  const lines = ['Voornaam;Achternaam;E-mail;Mobiel;Geboortedatum;Opmerkingen;Labels'];
  for (let i = from; i < from + count; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `Renée ${i};Bakker-Ëlzinga;klant${i}@example.nl;06${String(10_000_000 + i)};${day}-${month}-${1950 + (i % 50)};"Wil graag ""kort""; ${i}";${i % 2 ? 'vip|vast' : 'nieuw'}`,
    );
  }
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv' });
}
const MAPPING = { firstName: 0, lastName: 1, email: 2, phone: 3, birthDate: 4, notes: 5, tags: 6 };

async function upload(base: string, cookie: string, file: Blob) {
  const body = new FormData();
  body.set('file', file, 'klanten.csv');
  body.set('mapping', JSON.stringify(MAPPING));
  const start = performance.now();
  const res = await fetch(`${base}/api/customers/import`, { method: 'POST', headers: { cookie }, body });
  const answer = (await res.json()) as { created: number; merged: number; refused: unknown[] };
  const seconds = (performance.now() - start) / 1000;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(answer)}`);
  return { seconds, ...answer };
}

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const target = await freshDatabase(label);
  const server = await startServer(target);
  try {
    const username = `import${Date.now()}`;
    const reg = await request('POST', `${server.url}/api/register`, { username, password: 'geheim123' });
    const cookie = sessionCookie(reg);
    if (reg.status !== 201 || !cookie) throw new Error(`register: ${reg.status} ${reg.body}`);

    const file = customerFile(0, ROWS);
    const first = await upload(server.url, cookie, file);
    if (first.created !== ROWS || first.refused.length) throw new Error(`first: ${JSON.stringify(first)}`);
    const again = await upload(server.url, cookie, file);
    if (again.merged !== ROWS || again.created) throw new Error(`again: ${JSON.stringify(again)}`);
    console.log(
      `[${label}] ${ROWS} rows (${(file.size / 1024 / 1024).toFixed(1)} MB): new ${first.seconds.toFixed(2)} s, again ${again.seconds.toFixed(2)} s`,
    );

    for (let from = ROWS; from < EXPORTED; from += ROWS)
      await upload(server.url, cookie, customerFile(from, Math.min(ROWS, EXPORTED - from)));
    const start = performance.now();
    const res = await fetch(`${server.url}/api/customers/export.csv`, { headers: { cookie } });
    const text = await res.text();
    const exportSeconds = (performance.now() - start) / 1000;
    const lines = text.split('\r\n').length - 2;
    if (res.status !== 200 || lines !== EXPORTED) throw new Error(`export: ${res.status}, ${lines} rows`);
    console.log(`[${label}] export of ${EXPORTED} customers in ${exportSeconds.toFixed(2)} s`);

    return [
      {
        id: 'B11',
        name: `${label}: import of ${ROWS} new customers`,
        value: first.seconds,
        unit: 's',
        target: '≤ 10 s',
        pass: first.seconds <= 10,
      },
      {
        id: 'B11',
        name: `${label}: the same ${ROWS} rows again (all merged)`,
        value: again.seconds,
        unit: 's',
        target: '≤ 10 s',
        pass: again.seconds <= 10,
      },
      {
        id: 'B11',
        name: `${label}: CSV export of ${EXPORTED} customers`,
        value: exportSeconds,
        unit: 's',
        target: '≤ 10 s',
        pass: exportSeconds <= 10,
      },
    ];
  } finally {
    await server.stop();
    await target.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b11-customers-import', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

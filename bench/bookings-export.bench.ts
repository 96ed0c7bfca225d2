/**
 * B8: the CSV export of 100,000 bookings (docs/PRODUCT.md#csv-export) is streamed: the production
 * server process answers GET /api/bookings/export.csv within a few seconds, and its resident memory
 * grows by far less than the file (it never holds all rows). Seeded like B6 in-process, then measured
 * on the real server (`node scripts/start.mjs`) over HTTP, reading /proc/<pid>/status every 10 ms.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sessionCookie } from '../src/server/test/loopback-http';
import { request } from './client';
import { report, type Figure } from './lib';
import { BENCH_PASSWORD, seededApp } from './seed-bookings';
import { benchTargets, startServer } from './server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const MB = 1024 * 1024;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Streams the download, counting bytes and rows, never keeping the body. */
function download(url: string, cookie: string): Promise<{ status: number; bytes: number; rows: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let rows = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, rows }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const username = `export${Date.now()}`;
  const { target, app, database } = await seededApp(label, BOOKINGS, username);
  await app.close();
  await database.close();

  const server = await startServer(target);
  try {
    const login = await request('POST', `${server.url}/api/login`, { username, password: BENCH_PASSWORD });
    const cookie = sessionCookie(login);
    if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status} ${login.body}`);
    const pid = server.pid()!;
    const url = `${server.url}/api/bookings/export.csv`;
    // A small export first, so the route's code is loaded before the baseline is read.
    await download(`${url}?q=Klant%2012345`, cookie);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
    const start = performance.now();
    const result = await download(url, cookie);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (result.status !== 200) throw new Error(`export: ${result.status}`);
    // Header + every booking (answers hold no line breaks here).
    if (result.rows !== BOOKINGS + 1) throw new Error(`export: ${result.rows} rows for ${BOOKINGS} bookings`);
    const growth = (peak - before) / MB;
    console.log(
      `[${label}] ${result.rows - 1} rows, ${(result.bytes / MB).toFixed(1)} MB in ${seconds.toFixed(2)} s; RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB`,
    );
    return [
      {
        id: 'B8',
        name: `${label}: CSV export of ${BOOKINGS} bookings`,
        value: seconds,
        unit: 's',
        target: '≤ 5 s',
        pass: seconds <= 5,
      },
      {
        id: 'B8',
        name: `${label}: server peak RSS growth during the export (file ${(result.bytes / MB).toFixed(1)} MB)`,
        value: growth,
        unit: 'MB',
        // Flat memory: garbage of the batches only, nowhere near 100,000 row objects held at once.
        target: '≤ 64 MB',
        pass: growth <= 64,
      },
    ];
  } finally {
    await server.stop();
    await target.drop();
  }
}

const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b8-bookings-export', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

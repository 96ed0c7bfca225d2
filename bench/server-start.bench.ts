/**
 * B9: how long a restart of the server takes until `/readyz` answers, and its resident memory then,
 * for the bundle the image and `npm start` run (`node dist/server/main.js`, docs/decisions/006) against
 * the same sources through the tsx loader (`node --import tsx src/server/main.ts`, how it ran before).
 * The two start in turn on one migrated database, so a noisy machine slows both alike; the ratio of
 * their medians is the figure to compare across machines.
 */
import { readFileSync } from 'node:fs';
import { percentile, report, type Figure } from './lib';
import { benchTargets, BENCH_SECRET, freshDatabase, type BenchDatabase } from './server';
import { ensureServerBundle, startServerProcess } from '../src/server/test/server-process';
import { freePort } from '../src/server/test/wait';

const PAIRS = Number(process.env.BENCH_START_PAIRS ?? 5);
const RUNTIMES = {
  bundle: ['dist/server/main.js'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} as const;

/** One start: spawn → first 200 from /readyz (polled every 10 ms), the resident memory then, stopped. */
async function startOnce(db: BenchDatabase, args: readonly string[]) {
  const port = await freePort();
  const started = performance.now();
  const server = startServerProcess(
    'bench-start',
    {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
    },
    { args: [...args] },
  );
  let ready: { ms: number; rssMb: number } | undefined;
  try {
    for (;;) {
      if (server.exited()) throw new Error(`server exited before it was ready:\n${server.output()}`);
      const ok = await fetch(`${server.url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${server.pid()}/status`, 'utf8');
    ready = { ms, rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024 };
  } finally {
    await server.stop();
  }
  // A start counts only if the server also stopped cleanly, as it does in production.
  const code = await server.exit;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${server.output()}`);
  return ready;
}

const median = (xs: number[]) => percentile(xs, 50);

async function run(label: 'embedded' | 'postgres'): Promise<Figure[]> {
  const db = await freshDatabase(label);
  try {
    // The first start creates and migrates the database; the measured ones are restarts.
    await startOnce(db, RUNTIMES.bundle);
    type Start = Awaited<ReturnType<typeof startOnce>>;
    const runs: Record<keyof typeof RUNTIMES, Start[]> = { bundle: [], tsx: [] };
    for (let i = 0; i < PAIRS; i++)
      for (const kind of ['bundle', 'tsx'] as const) runs[kind].push(await startOnce(db, RUNTIMES[kind]));
    const ms = (kind: 'bundle' | 'tsx') => median(runs[kind].map((r) => r.ms));
    const rss = (kind: 'bundle' | 'tsx') => median(runs[kind].map((r) => r.rssMb));
    const ratio = ms('bundle') / ms('tsx');
    return [
      {
        id: 'B9',
        name: `${label}: restart → /readyz, bundle (median of ${PAIRS})`,
        value: ms('bundle') / 1000,
        unit: 's',
        target: 'informative',
        pass: true,
      },
      {
        id: 'B9',
        name: `${label}: restart → /readyz, tsx loader (the runtime before issue 21)`,
        value: ms('tsx') / 1000,
        unit: 's',
        target: 'informative',
        pass: true,
      },
      {
        id: 'B9',
        name: `${label}: restart time bundle / tsx, same run`,
        value: ratio,
        unit: '',
        target: '< 1',
        pass: ratio < 1,
      },
      ...(['bundle', 'tsx'] as const).map((kind) => ({
        id: 'B9',
        name: `${label}: resident memory once ready, ${kind}`,
        value: rss(kind),
        unit: 'MB',
        target: 'informative',
        pass: true,
      })),
    ];
  } finally {
    await db.drop();
  }
}

ensureServerBundle();
const figures: Figure[] = [];
for (const label of benchTargets()) figures.push(...(await run(label)));
report('b9-server-start', figures);
// The verdicts are the runner's (scripts/bench.mjs); exit 0 means the figures were measured.
process.exit(0);

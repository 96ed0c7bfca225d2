/**
 * Real server processes for the benchmarks: `node scripts/start.mjs` as production runs it, on the
 * embedded database in a fresh DATA_DIR or on a fresh database of the PostgreSQL server in
 * DATABASE_URL. Measuring across a process boundary keeps the load generator off the server's
 * event loop.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../src/server/test/scratch-postgres';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process';
import { freePort } from '../src/server/test/wait';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

export interface BenchDatabase {
  label: 'embedded' | 'postgres';
  /** DATABASE_URL for the server ('' = embedded in DATA_DIR). */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * The databases a benchmark runs on: always embedded, PostgreSQL too when DATABASE_URL is set.
 * BENCH_ONLY=embedded or BENCH_ONLY=postgres keeps one of them (for paired runs of one figure).
 */
export function benchTargets(): Array<'embedded' | 'postgres'> {
  const all: Array<'embedded' | 'postgres'> = process.env.DATABASE_URL
    ? ['embedded', 'postgres']
    : ['embedded'];
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((label) => label === only) : all;
}

/** A fresh, empty database of the kind; a PostgreSQL one is created beside DATABASE_URL's. */
export async function freshDatabase(label: 'embedded' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-bench-'));
  if (label === 'embedded') return { label, url: '', dataDir, drop: async () => {} };
  const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'bench');
  return { label, url: scratch.url, dataDir, drop: scratch.drop };
}

export async function startServer(
  db: BenchDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const server = startServerProcess(
    `bench-${db.label}`,
    {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_IP: '1000',
      ...env,
    },
    // BENCH_NODE_ARGS: node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
    { args: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'scripts/start.mjs'] },
  );
  await server.ready();
  return server;
}

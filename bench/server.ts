/**
 * Real server processes for the benchmarks: `node scripts/start.mjs` as production runs it, on the
 * embedded database in a fresh DATA_DIR or on a fresh database of the PostgreSQL server in
 * DATABASE_URL. Measuring across a process boundary keeps the load generator off the server's
 * event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../src/server/test/wait';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

export interface BenchDatabase {
  label: 'embedded' | 'postgres';
  /** DATABASE_URL for the server ('' = embedded in DATA_DIR). */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** The databases a benchmark runs on: always embedded, PostgreSQL too when DATABASE_URL is set. */
export function benchTargets(): Array<'embedded' | 'postgres'> {
  return process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
}

/** A fresh, empty database of the kind; a PostgreSQL one is created beside DATABASE_URL's. */
export async function freshDatabase(label: 'embedded' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-bench-'));
  if (label === 'embedded') return { label, url: '', dataDir, drop: async () => {} };
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    label,
    url: url.toString(),
    dataDir,
    drop: async () => {
      const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the production server on `db` and waits until /readyz answers. */
export async function startServer(db: BenchDatabase, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_IP: '1000',
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server not ready within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

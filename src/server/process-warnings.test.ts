import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, inject, it } from 'vitest';
import { pgliteExtensions } from './db/client';
import { startServerProcess } from './test/server-process';
import { eventually, freePort } from './test/wait';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/**
 * A process warning (pg-boss warns this way when the database's clock differs from the app's) is
 * one JSON line of the log, not free text on stderr, and is printed once.
 */
it('logs a process warning as a JSON warning line and prints nothing on stderr', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-warning-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'data'));
  const seed = new PGlite(path.join(dir, 'data', 'pglite'), {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
  });
  await seed.close();
  // Loaded before the server: warns the way pg-boss does, once the server runs.
  const preload = path.join(dir, 'warn.cjs');
  writeFileSync(
    preload,
    "setTimeout(() => process.emitWarning('clock skew of 12 s', { type: 'Warning', code: 'pg-boss-w02' }), 3000);\n",
  );
  const server = startServerProcess('warning', {
    PORT: String(await freePort()),
    DATA_DIR: path.join(dir, 'data'),
    APP_URL: 'http://afspraken.test',
    LOG_LEVEL: 'info',
    NODE_OPTIONS: `--require ${preload}`,
  });
  cleanup.push(() => server.kill('SIGKILL'));
  await server.ready();
  const line = await eventually(
    () => server.logLines(40).find((l) => String(l.msg).startsWith('process warning')),
    10_000,
    'the warning in the log',
  );
  expect(line).toMatchObject({ level: 40, err: { message: 'clock skew of 12 s' } });
  await new Promise((r) => setTimeout(r, 200));
  expect(server.stderr()).not.toContain('clock skew');
});

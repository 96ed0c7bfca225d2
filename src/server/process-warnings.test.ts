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
 * The built server on a fresh embedded database, with `script` loaded before it (NODE_OPTIONS
 * --require): a way to make the process meet an event the way a library would. The script acts on
 * SIGUSR2, which the test sends once the server serves: a timer would race the server's start-up.
 */
async function serverWithPreload(name: string, script: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `afspraak-${name}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'data'));
  const seed = new PGlite(path.join(dir, 'data', 'pglite'), {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
  });
  await seed.close();
  const preload = path.join(dir, 'preload.cjs');
  writeFileSync(preload, script);
  const port = await freePort();
  const server = startServerProcess(name, {
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    APP_URL: 'http://afspraken.test',
    LOG_LEVEL: 'info',
    NODE_OPTIONS: `--require ${preload}`,
  });
  cleanup.push(() => server.kill('SIGKILL'));
  await server.ready();
  const trigger = () => process.kill(server.pid()!, 'SIGUSR2');
  return { server, port, trigger };
}

/**
 * A process warning (pg-boss warns this way when the database's clock differs from the app's) is
 * one JSON line of the log, not free text on stderr, and is printed once.
 */
it('logs a process warning as a JSON warning line and prints nothing on stderr', async () => {
  const { server, trigger } = await serverWithPreload(
    'warning',
    "process.on('SIGUSR2', () => process.emitWarning('clock skew of 12 s', { type: 'Warning', code: 'pg-boss-w02' }));\n",
  );
  trigger();
  const line = await eventually(
    () => server.logLines(40).find((l) => String(l.msg).startsWith('process warning')),
    10_000,
    'the warning in the log',
  );
  expect(line).toMatchObject({ level: 40, err: { message: 'clock skew of 12 s' } });
  await new Promise((r) => setTimeout(r, 200));
  expect(server.stderr()).not.toContain('clock skew');
});

/**
 * pg-boss 10 does not await its `complete`/`fail` calls: when PostgreSQL ends the connection under
 * them ('terminating connection due to administrator command'), the rejection reaches the process
 * unhandled. Node's default would end the process; the server logs it and keeps serving.
 */
it('logs an unhandled rejection such as a dropped queue connection and keeps serving', async () => {
  const { server, port, trigger } = await serverWithPreload(
    'rejection',
    "process.on('SIGUSR2', () => { Promise.reject(new Error('terminating connection due to administrator command')); });\n",
  );
  trigger();
  const line = await eventually(
    () => server.logLines(50).find((l) => String(l.msg).startsWith('unhandled rejection')),
    10_000,
    'the rejection in the log',
  );
  expect(line).toMatchObject({ err: { message: 'terminating connection due to administrator command' } });
  expect(server.exited()).toBe(false);
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  expect(ready.status).toBe(200);
});

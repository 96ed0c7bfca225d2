import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pgliteExtensions } from './db/client';
import { call, sessionCookie } from './test/loopback-http';
import { startServerProcess } from './test/server-process';
import { freePort } from './test/wait';

/**
 * Two containers on one `/data` volume (issue 14 §7): each server is PID 1 in its own PID
 * namespace, so no pid says anything about the other. Here each runs as PID 1 of a namespace of
 * its own (`unshare --pid --fork --mount-proc`, which needs root): the second must refuse.
 */
const unshareWorks = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
const title = unshareWorks
  ? 'two servers as PID 1 of their own PID namespaces on one DATA_DIR'
  : 'two servers as PID 1 of their own PID namespaces on one DATA_DIR (skipped: `unshare --pid --fork --mount-proc` is unavailable; it needs root and util-linux)';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe.skipIf(!unshareWorks)(title, () => {
  it('refuses the second with a clear message while the first keeps serving, and loses nothing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-pidns-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const seed = new PGlite(path.join(dataDir, 'pglite'), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
    });
    await seed.close();
    const env = { DATA_DIR: dataDir, APP_URL: 'http://afspraken.test', LOG_LEVEL: 'info' };

    const first = startServerProcess(
      'first',
      { ...env, PORT: String(await freePort()) },
      { pidNamespace: true },
    );
    cleanup.push(() => first.kill('SIGKILL'));
    await first.ready();
    expect(first.logLines(30).find((l) => l.msg === 'afspraakplanner ready')).toMatchObject({ pid: 1 });
    const registered = await call(first.port, 'POST', '/api/register', {
      from: '127.82.0.1',
      body: { username: 'eerstesalon', password: 'geheim123', email: 'eerste@example.nl' },
    });
    expect(registered.status).toBe(201);

    const second = startServerProcess(
      'second',
      { ...env, PORT: String(await freePort()) },
      { pidNamespace: true },
    );
    cleanup.push(() => second.kill('SIGKILL'));
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toMatch(
      new RegExp(
        `^Not starting: ${dataDir}/server\\.sock is held by a running server \\(pid 1 on host ${os.hostname()}, since \\S+\\); stop it first\\.\\n$`,
      ),
    );

    // The first one never noticed: it answers, with the session and data it had.
    expect((await call(first.port, 'GET', '/readyz')).status).toBe(200);
    const me = await call(first.port, 'GET', '/api/user', {
      from: '127.82.0.1',
      cookie: sessionCookie(registered),
    });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ username: 'eerstesalon' });
    expect(await first.stop()).toBe(0);

    const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
    cleanup.push(() => db.close());
    expect((await db.query<{ username: string }>('select username from users')).rows).toEqual([
      { username: 'eerstesalon' },
    ]);
  }, 120_000);
});

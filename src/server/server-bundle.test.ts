import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionCookie } from './test/loopback-http';
import { dbKinds, type DbKind } from './test/databases';
import { scratchDatabase } from './test/scratch-postgres';
import { ensureServerBundle, startServerProcess } from './test/server-process';
import { freePort } from './test/wait';

/**
 * The server bundle (docs/decisions/006-server-bundle.md) in the runtime image's layout: a directory
 * holding only package.json, node_modules, scripts/{backup,restore,build-server}.mjs, dist/server and
 * dist/web, as the Dockerfile's runtime stage copies them. No src/ and no tsx loader: whatever the
 * bundle reads from disk (its migrations, the client) must be found from its own location.
 */
const root = path.resolve(import.meta.dirname, '../..');
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

let app: string;
beforeAll(() => {
  ensureServerBundle();
  app = mkdtempSync(path.join(os.tmpdir(), 'afspraak-image-'));
  cleanup.push(() => rmSync(app, { recursive: true, force: true }));
  cpSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(app, 'node_modules'));
  mkdirSync(path.join(app, 'scripts'));
  for (const script of ['backup.mjs', 'restore.mjs', 'build-server.mjs'])
    cpSync(path.join(root, 'scripts', script), path.join(app, 'scripts', script));
  cpSync(path.join(root, 'dist/server'), path.join(app, 'dist/server'), { recursive: true });
  // A client of its own: proves the static root is found beside the bundle, whatever dist/web holds here.
  mkdirSync(path.join(app, 'dist/web'), { recursive: true });
  writeFileSync(
    path.join(app, 'dist/web/index.html'),
    '<!doctype html><html lang="nl"><head><title>bundel</title></head><body><div id="root"></div></body></html>',
  );
});

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join('scripts', `${name}.mjs`), ...args],
      { cwd: app, env: { PATH: process.env.PATH ?? '', ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(dbKinds())('the server bundle without sources (%s)', (kind: DbKind) => {
  it('migrates an empty database, answers /readyz, the API and the client, and stops cleanly on SIGTERM', async () => {
    expect(existsSync(path.join(app, 'src'))).toBe(false);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-bundle-data-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (kind === 'postgres') {
      // Empty, not the migrated template: the bundle must apply the migrations it carries.
      const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'apt_bundle');
      cleanup.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    const port = await freePort();
    const server = startServerProcess(
      `bundle-${kind}`,
      {
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        // Generated into DATA_DIR on the embedded database; PostgreSQL needs one given.
        ...(databaseUrl ? { APP_SECRET: 'bundel-bundel-bundel-bundel-bundel-bundel' } : {}),
        LOG_LEVEL: 'info',
      },
      { args: ['dist/server/main.js'], cwd: app },
    );
    cleanup.push(() => server.kill('SIGKILL'));
    await server.ready();
    expect(server.logLines(30).find((l) => l.msg === 'afspraakplanner ready')).toMatchObject({
      database: kind === 'pglite' ? 'pglite' : 'postgres',
    });

    const from = kind === 'pglite' ? '127.84.0.1' : '127.84.0.2';
    const registered = await call(port, 'POST', '/api/register', {
      from,
      body: { username: `bundel${kind}`, password: 'geheim123', email: `bundel-${kind}@example.nl` },
    });
    expect(registered.status).toBe(201);
    const me = await call(port, 'GET', '/api/user', { from, cookie: sessionCookie(registered) });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ username: `bundel${kind}` });
    const page = await call(port, 'GET', '/login', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>bundel</title>');

    expect(await server.stop()).toBe(0);
    expect(server.logLines(50)).toEqual([]);

    if (kind === 'pglite') {
      // `npm run backup` in the image: the bundle's copy of the backup code, nothing to build.
      const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar`);
      cleanup.push(() => rmSync(file, { force: true }));
      const made = await script('backup', [file], { DATA_DIR: dataDir });
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(made.stdout).not.toMatch(/Building/);
      expect(made.stdout).toMatch(/backup written: .*bookings 0/);
    }
  }, 120_000);
});

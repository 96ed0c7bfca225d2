import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { eventPayload } from '../test/fixtures';
import { bookAs, notifyingEvent } from '../test/notification-fixtures';
import { nextBookableDate, testClock } from '../test/test-today';
import { agent, type TestApp } from '../test/test-app';
import { openDatabase, openPglite, pgliteExtensions } from './client';
import { acquireDataDirLock, LOCK_SOCKET } from './data-dir-lock';
import { backupEmbedded, readTar, restoreEmbedded, writeTar, type Manifest } from './embedded-backup';

const root = path.resolve(import.meta.dirname, '../../..');
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The app as `npm start` opens it: PGlite files in DATA_DIR and a generated DATA_DIR/app-secret. */
async function startOn(dataDir: string): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  const files = path.join(dataDir, 'pglite');
  // A fresh directory starts from the run's migrated image (as after a first `npm start`, without
  // the seconds of initdb); an existing one is opened exactly as main.ts opens it.
  const database = existsSync(files)
    ? openDatabase(config)
    : openPglite({
        client: new PGlite(files, {
          extensions: pgliteExtensions,
          loadDataDir: new Blob([readFileSync(inject('pgliteImage'))]),
        }),
      });
  await database.migrate();
  const app = await buildApp({ config, database, now: testClock() });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, config, database: { ...database, destroy: close }, close };
}

/** A new agent on a restarted app that carries the cookie of an earlier one (one browser). */
function sameBrowser(t: TestApp, cookie: string | undefined) {
  const a = agent(t.app);
  a.cookie = cookie;
  return a;
}

/** Runs one of the npm scripts the way an operator does. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', `${name}.mjs`), ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('backup and restore of the embedded database', () => {
  it('brings back the data, the sessions and the secrets after the data was changed', async () => {
    const dataDir = tempDir('afspraak-backup-data-');
    const backupFile = path.join(tempDir('afspraak-backup-out-'), 'backup.tar');

    // Data made through the API, including a webhook whose secret is stored sealed with the app secret.
    let t = await startOn(dataDir);
    const { owner, event } = await notifyingEvent(t);
    const hook = (
      await owner.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: 'http://127.0.0.1:9/hook' })
    ).json();
    const booking = await bookAs(
      t,
      event.id,
      nextBookableDate(event),
      '10:00',
      'Bewaard',
      'bewaard@example.nl',
    );
    await t.close();
    const secret = readFileSync(path.join(dataDir, 'app-secret'), 'utf8');

    const made = await script('backup', [backupFile], { DATA_DIR: dataDir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/backup written: .*backup\.tar .*bookings 1/);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const entries = readTar(readFileSync(backupFile));
    expect([...entries.keys()].sort()).toEqual(['app-secret', 'manifest.json', 'pgdata.tar.gz']);
    expect(entries.get('app-secret')!.toString('utf8')).toBe(secret);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
    expect(manifest).toMatchObject({
      appSecret: 'file',
      counts: { users: 1, events: 1, bookings: 1, event_webhooks: 1 },
    });
    expect(manifest.migrations).toBeGreaterThan(0);
    // A second backup under the same name does not silently replace the first.
    expect((await script('backup', [backupFile], { DATA_DIR: dataDir })).stderr).toMatch(
      /already exists.*--force/,
    );

    // Changes after the backup: the booking and webhook are deleted, a new event appears.
    t = await startOn(dataDir);
    let browser = sameBrowser(t, owner.cookie);
    expect((await browser.delete(`/api/bookings/${booking.booking.id}`)).statusCode).toBe(200);
    expect((await browser.delete(`/api/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect((await browser.post('/api/events', eventPayload({ title: 'Na de back-up' }))).statusCode).toBe(
      201,
    );
    expect((await browser.get('/api/events')).json()).toHaveLength(2);
    await t.close();

    // Without --force an existing database is left alone.
    const refused = await script('restore', [backupFile], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds pglite and app-secret; add --force/);

    const restored = await script('restore', [backupFile, '--force'], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const aside = readdirSync(dataDir).filter((n) => n.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, aside[0]!)).sort()).toEqual(['app-secret', 'pglite']);
    expect(restored.stdout).toContain(path.join(dataDir, aside[0]!));
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(false);
    expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);

    // The app starts on the restored directory with everything as it was at the backup.
    t = await startOn(dataDir);
    // The session made before the backup is valid again (sessions live in the database; the cookie
    // signature needs the restored app secret).
    browser = sameBrowser(t, owner.cookie);
    const events = (await browser.get('/api/events')).json() as Array<{ id: string; title: string }>;
    expect(events.map((e) => e.id)).toEqual([event.id]);
    const bookings = (await browser.get('/api/bookings')).json() as Array<{ id: string }>;
    expect(bookings.map((b) => b.id)).toEqual([booking.booking.id]);
    // The webhook secret is stored sealed: reading it back proves the app secret came back too.
    const hooks = (await browser.get(`/api/events/${event.id}/webhooks`)).json() as Array<{
      id: string;
      secret: string;
    }>;
    expect(hooks).toEqual([expect.objectContaining({ id: hook.id, secret: hook.secret })]);
    expect(
      (await agent(t.app).get(`/api/public/bookings/manage/${booking.managementToken}`)).statusCode,
    ).toBe(200);
    await t.close();
  }, 180_000);

  it('refuses while the app holds DATA_DIR, and takes over a lock its dead holder left', async () => {
    const dataDir = tempDir('afspraak-backup-lock-');
    const t = await startOn(dataDir);
    await t.close();
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar`);
    temp.push(file);
    const socket = path.join(dataDir, LOCK_SOCKET);

    // A running server holds it (here: this process, as main.ts takes it).
    const live = await acquireDataDirLock(dataDir, 'server');
    await expect(backupEmbedded({ dataDir, file })).rejects.toThrow(/running server \(pid \d+ on host /);
    await expect(restoreEmbedded({ dataDir, file, force: true })).rejects.toThrow(/does not exist/);
    expect(existsSync(file)).toBe(false);
    live.release();

    // A holder that was killed (a crash) leaves its socket behind: it does not block, and the
    // archive holds the database and the secret only, never the lock.
    const crashed = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/lock-holder.ts', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => crashed.stdout!.once('data', resolve));
    crashed.kill('SIGKILL');
    await new Promise((resolve) => crashed.once('exit', resolve));
    expect(existsSync(socket)).toBe(true);
    const result = await backupEmbedded({ dataDir, file });
    expect(result.manifest.counts.users).toBe(0);
    expect([...readTar(readFileSync(file)).keys()].sort()).toEqual([
      'app-secret',
      'manifest.json',
      'pgdata.tar.gz',
    ]);
    expect(existsSync(socket)).toBe(false);

    // And the restore refuses while a live process holds the lock, leaving the data in place.
    const again = await acquireDataDirLock(dataDir, 'server');
    await expect(restoreEmbedded({ dataDir, file, force: true })).rejects.toThrow(/running server/);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('before-restore-'))).toEqual([]);
    again.release();
  }, 60_000);

  it('leaves DATA_DIR untouched when the archive is damaged or does not match its manifest', async () => {
    const dataDir = tempDir('afspraak-backup-bad-');
    const t = await startOn(dataDir);
    await agent(t.app).post('/api/register', {
      username: 'blijft',
      password: 'geheim123',
      email: 'blijft@example.nl',
    });
    await t.close();
    const out = tempDir('afspraak-backup-bad-out-');
    const good = path.join(out, 'good.tar');
    await backupEmbedded({ dataDir, file: good });
    const before = readdirSync(dataDir).sort();

    const truncated = path.join(out, 'truncated.tar');
    writeFileSync(truncated, readFileSync(good).subarray(0, 5000));
    await expect(restoreEmbedded({ dataDir, file: truncated, force: true })).rejects.toThrow(/truncated/);

    const notOurs = path.join(out, 'other.tar');
    writeFileSync(notOurs, writeTar([{ name: 'hello.txt', data: Buffer.from('hoi') }]));
    await expect(restoreEmbedded({ dataDir, file: notOurs, force: true })).rejects.toThrow(
      /not an afspraakplanner backup/,
    );

    // A manifest that promises rows the database does not have: found in staging, nothing replaced.
    const entries = readTar(readFileSync(good));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
    const lying = path.join(out, 'lying.tar');
    writeFileSync(
      lying,
      writeTar([
        {
          name: 'manifest.json',
          data: Buffer.from(JSON.stringify({ ...manifest, counts: { ...manifest.counts, users: 5 } })),
        },
        { name: 'pgdata.tar.gz', data: entries.get('pgdata.tar.gz')! },
        { name: 'app-secret', data: entries.get('app-secret')! },
      ]),
    );
    await expect(restoreEmbedded({ dataDir, file: lying, force: true })).rejects.toThrow(/users 1 ≠ 5/);
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // The untouched directory still opens with its data.
    const again = await startOn(dataDir);
    expect(
      (await agent(again.app).post('/api/login', { username: 'blijft', password: 'geheim123' })).statusCode,
    ).toBe(200);
    await again.close();
  }, 60_000);

  it('points PostgreSQL deployments to pg_dump', async () => {
    const res = await script('backup', ['x.tar'], {
      DATABASE_URL: 'postgres://u@127.0.0.1:1/db',
      DATA_DIR: tempDir('afspraak-backup-pg-'),
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/DATABASE_URL is set: .*pg_dump/);
  });
});

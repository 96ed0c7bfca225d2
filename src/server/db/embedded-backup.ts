import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

/**
 * Backup and restore of the embedded database (`npm run backup` / `npm run restore`).
 *
 * The archive is a plain tar (inspect it with `tar tvf`) holding `manifest.json`, `pgdata.tar.gz`
 * (PGlite's own `dumpDataDir('gzip')`, loadable with `loadDataDir`) and `app-secret` (the key that
 * decrypts stored card keys, SMTP passwords, webhook secrets and Google grants: data restored without
 * it is unreadable). Both commands need the app to be stopped: PGlite is a single-process database
 * and a second process on the same directory would not see the server's unwritten pages.
 */

export const FORMAT = 'afspraakplanner-backup';
const FORMAT_VERSION = 1;
/** Tables counted into the manifest and compared after a restore. */
const COUNTED = ['users', 'events', 'bookings', 'notifications', 'event_webhooks'] as const;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  /** `file`: DATA_DIR/app-secret is in the archive; `environment`: APP_SECRET was set and must be kept with the backup. */
  appSecret: 'file' | 'environment';
  migrations: number;
  counts: Record<string, number>;
}

export class BackupError extends Error {}

// ---------------------------------------------------------------------------------------------
// A minimal ustar writer/reader: regular files with short names is all the archive holds, and a
// dependency for that would be larger than this.

interface TarEntry {
  name: string;
  data: Buffer;
  mode?: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function tarHeader(entry: TarEntry, mtime: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(entry.name, 0, 100, 'utf8');
  h.write(octal(entry.mode ?? 0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(entry.data.length, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

export function writeTar(entries: TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    if (Buffer.byteLength(e.name) > 99) throw new Error(`tar name too long: ${e.name}`);
    parts.push(tarHeader(e, mtime), e.data, Buffer.alloc((512 - (e.data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export function readTar(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= buf.length) {
    const h = buf.subarray(offset, offset + 512);
    if (h.every((b) => b === 0)) return files;
    const stored = parseInt(h.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
    const sum = h.reduce((a, b, i) => a + (i >= 148 && i < 156 ? 32 : b), 0);
    if (stored !== sum) throw new BackupError('not a backup archive (tar header checksum mismatch)');
    const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    const start = offset + 512;
    if (start + size > buf.length) throw new BackupError('backup archive is truncated');
    if (h.toString('ascii', 156, 157) === '0' || h[156] === 0)
      files.set(name, buf.subarray(start, start + size));
    offset = start + Math.ceil(size / 512) * 512;
  }
  throw new BackupError('backup archive is truncated (no end marker)');
}

// ---------------------------------------------------------------------------------------------

async function countRows(client: PGlite): Promise<{ counts: Record<string, number>; migrations: number }> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0]!.n;
  }
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return { counts, migrations: rows[0]!.n };
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Backup and restore run by hand: a running app (here or in another container) makes them stop. */
async function lock(dataDir: string, role: string): Promise<() => void> {
  try {
    return (await acquireDataDirLock(dataDir, role)).release;
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new BackupError(`the app (or another backup/restore) is using ${dataDir}: ${err.message}`);
    throw err;
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Writes a consistent archive of the stopped embedded database and its app secret. */
export async function backupEmbedded(opts: {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<BackupResult> {
  const dataDir = path.resolve(opts.dataDir);
  const file = path.resolve(opts.file);
  if (!existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new BackupError(`no embedded database in ${dataDir} (expected ${pgliteDir(dataDir)})`);
  if (existsSync(file) && !opts.force)
    throw new BackupError(`${file} already exists (add --force to overwrite it)`);
  const release = await lock(dataDir, 'backup');
  try {
    const client = new PGlite(pgliteDir(dataDir), { extensions: pgliteExtensions });
    let pgdata: Buffer;
    let manifest: Manifest;
    try {
      // Opening replays the WAL if the server did not stop cleanly; the checkpoint then writes every
      // page to the files the dump reads.
      await client.exec('checkpoint');
      const { counts, migrations } = await countRows(client);
      const { rows } = await client.query<{ v: string }>('select version() as v');
      const secretFile = path.join(dataDir, 'app-secret');
      manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: (opts.now ?? new Date()).toISOString(),
        postgres: rows[0]!.v,
        appSecret: existsSync(secretFile) ? 'file' : 'environment',
        migrations,
        counts,
      };
      pgdata = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    const entries: TarEntry[] = [
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') },
      { name: 'pgdata.tar.gz', data: pgdata },
    ];
    if (manifest.appSecret === 'file')
      entries.push({ name: 'app-secret', data: readFileSync(path.join(dataDir, 'app-secret')), mode: 0o600 });
    // Written aside and renamed, so an interrupted backup never leaves a half archive under the name.
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, writeTar(entries), { mode: 0o600 });
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    release();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the previous database and secret were moved, when there were any. */
  setAside?: string;
}

function parseArchive(file: string): { manifest: Manifest; pgdata: Buffer; secret?: Buffer } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const files = readTar(readFileSync(file));
  const raw = files.get('manifest.json');
  let manifest: Manifest | undefined;
  try {
    manifest = raw ? (JSON.parse(raw.toString('utf8')) as Manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT)
    throw new BackupError(`${file} is not an afspraakplanner backup (no manifest)`);
  if (manifest.version !== FORMAT_VERSION)
    throw new BackupError(
      `${file} has backup format ${manifest.version}; this version reads ${FORMAT_VERSION}`,
    );
  const pgdata = files.get('pgdata.tar.gz');
  if (!pgdata) throw new BackupError(`${file} has no pgdata.tar.gz`);
  const secret = files.get('app-secret');
  if (manifest.appSecret === 'file' && !secret)
    throw new BackupError(`${file} lacks the app-secret its manifest lists`);
  return { manifest, pgdata, secret };
}

/**
 * Restores an archive into DATA_DIR. The database is first unpacked into a staging directory and
 * checked (row counts must match the manifest), so a bad archive never touches the current data.
 * An existing database and secret are only replaced with `force`, and are then moved into
 * DATA_DIR/before-restore-<time>/ rather than deleted. They are moved inside DATA_DIR because DATA_DIR
 * is often a volume mount point, which cannot itself be renamed.
 */
export async function restoreEmbedded(opts: {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const dataDir = path.resolve(opts.dataDir);
  const { manifest, pgdata, secret } = parseArchive(path.resolve(opts.file));
  const release = await lock(dataDir, 'restore');
  const time = stamp(opts.now ?? new Date());
  const staging = path.join(dataDir, `.restoring-${time}`);
  try {
    const existing = ['pglite', 'app-secret'].filter((name) => existsSync(path.join(dataDir, name)));
    if (existing.length > 0 && !opts.force) {
      throw new BackupError(
        `${dataDir} already holds ${existing.join(' and ')}; add --force to move them into ${path.join(dataDir, `before-restore-${time}`)} and restore`,
      );
    }
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const client = new PGlite(path.join(staging, 'pglite'), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(pgdata)]),
    });
    try {
      const { counts } = await countRows(client);
      const diff = Object.entries(manifest.counts).filter(([table, n]) => counts[table] !== n);
      if (diff.length > 0) {
        throw new BackupError(
          `restored data does not match the manifest: ${diff.map(([t, n]) => `${t} ${counts[t]} ≠ ${n}`).join(', ')}`,
        );
      }
    } finally {
      await client.close();
    }

    let setAside: string | undefined;
    if (existing.length > 0) {
      setAside = path.join(dataDir, `before-restore-${time}`);
      mkdirSync(setAside);
      for (const name of existing) renameSync(path.join(dataDir, name), path.join(setAside, name));
    }
    renameSync(path.join(staging, 'pglite'), pgliteDir(dataDir));
    if (secret) {
      const secretFile = path.join(dataDir, 'app-secret');
      writeFileSync(secretFile, secret, { mode: 0o600 });
      chmodSync(secretFile, 0o600);
    }
    return { manifest, setAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// Command lines (scripts/backup.mjs, scripts/restore.mjs).

type Out = { log(line: string): void; error(line: string): void };

function parseArgs(argv: string[], usage: string): { file?: string; force: boolean } {
  let file: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--force') force = true;
    else if (arg.startsWith('-')) throw new BackupError(`unknown option ${arg}\n${usage}`);
    else if (file) throw new BackupError(`one file only\n${usage}`);
    else file = arg;
  }
  return { file, force };
}

function embeddedDataDir(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL is set: that database is backed up with pg_dump / pg_restore (docs/DEPLOYMENT.md), not with this command',
    );
  }
  // Same default and resolution as config.ts (relative to the working directory).
  return path.resolve(env.DATA_DIR || './data');
}

const describe = (m: Manifest) =>
  Object.entries(m.counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');

async function run(out: Out, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (err) {
    out.error(
      `error: ${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return 1;
  }
}

export function backupCommand(argv: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number> {
  const usage = 'usage: npm run backup -- [file.tar] [--force]   (the app must be stopped)';
  return run(out, async () => {
    const { file, force } = parseArgs(argv, usage);
    const dataDir = embeddedDataDir(env);
    const target = file ?? `afspraakplanner-backup-${stamp(new Date())}.tar`;
    const result = await backupEmbedded({ dataDir, file: target, force });
    out.log(`backup written: ${result.file} (${result.bytes} bytes; ${describe(result.manifest)})`);
    if (result.manifest.appSecret === 'file') {
      out.log(
        'it contains DATA_DIR/app-secret, the key to the stored secrets: keep the file as private as that key',
      );
    } else {
      out.log(
        'APP_SECRET comes from the environment and is NOT in the archive: keep it with this backup, the restored data needs it',
      );
    }
  });
}

export function restoreCommand(argv: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number> {
  const usage = 'usage: npm run restore -- <file.tar> [--force]   (the app must be stopped)';
  return run(out, async () => {
    const { file, force } = parseArgs(argv, usage);
    if (!file) throw new BackupError(usage);
    const dataDir = embeddedDataDir(env);
    const result = await restoreEmbedded({ dataDir, file, force });
    out.log(
      `restored ${file} (made ${result.manifest.createdAt}; ${describe(result.manifest)}) into ${dataDir}`,
    );
    if (result.setAside)
      out.log(
        `the previous database and secret are in ${result.setAside} (delete it once the restored app looks right)`,
      );
    if (result.manifest.appSecret === 'environment')
      out.log(
        'this backup was made with APP_SECRET from the environment: start the app with that same APP_SECRET',
      );
  });
}

import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A lock file in DATA_DIR for the embedded database. PGlite happily opens a directory that another
 * process has open (tried: no error, each process keeps its own buffers), so two writers would
 * corrupt it. The server holds this lock while it runs; backup and restore hold it while they work.
 */
export const LOCK_FILE = 'server.lock';

export interface LockInfo {
  pid: number;
  hostname: string;
  /** Who holds it: `server`, `backup` or `restore`. */
  role: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly holder: LockInfo,
    lockPath: string,
    sameHost: boolean,
  ) {
    super(
      sameHost
        ? `${lockPath} is held by a running ${holder.role} (pid ${holder.pid}, since ${holder.since}); stop it first.`
        : `${lockPath} was taken by a ${holder.role} on host ${holder.hostname} (pid ${holder.pid}, since ${holder.since}), ` +
            `which cannot be checked from here. Stop it first; if it is certainly not running (it crashed), delete ${lockPath}.`,
    );
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  // A container that restarts after a crash often gets the same pid (1) as the run that left the
  // lock behind: that lock is ours to take.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock or throws DataDirLockedError. A lock left by a process that no longer runs on this
 * host is stale and taken over. A lock from another host (another container on a shared volume) cannot
 * be checked: `onForeignHost: 'take'` lets the server start anyway (a crashed container must not keep
 * the next one down), `'refuse'` makes backup and restore stop, since they are run by hand.
 */
export function acquireDataDirLock(dataDir: string, role: string, opts: { onForeignHost: 'take' | 'refuse' }): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), role, since: new Date().toISOString() };
  const text = JSON.stringify(mine) + '\n';
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // `wx`: two processes starting together cannot both create it.
      writeFileSync(lockPath, text, { flag: 'wx' });
      return () => releaseDataDirLock(dataDir, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLock(dataDir);
    if (holder) {
      const sameHost = holder.hostname === os.hostname();
      if (sameHost ? isAlive(holder.pid) : opts.onForeignHost === 'refuse') throw new DataDirLockedError(holder, lockPath, sameHost);
    }
    rmSync(lockPath, { force: true });
  }
  throw new Error(`could not take ${lockPath}`);
}

/** Removes the lock only if it is still ours (a later process may have taken over a stale one). */
function releaseDataDirLock(dataDir: string, mine: LockInfo): void {
  const holder = readLock(dataDir);
  if (holder && holder.pid === mine.pid && holder.hostname === mine.hostname && holder.since === mine.since) {
    rmSync(path.join(dataDir, LOCK_FILE), { force: true });
  }
}

import { mkdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The lock on DATA_DIR for the embedded database (docs/decisions/004-data-dir-lock-socket.md).
 * PGlite happily opens a directory that another process has open (each keeps its own buffers), so
 * two writers would corrupt it. The holder listens on the Unix socket `DATA_DIR/server.sock` for
 * as long as it runs: the kernel closes that socket when the process dies (even before it is
 * reaped), so a connection that is answered means a live holder, in this container or another one
 * on the same volume, and a refused one means a dead holder whose socket file is left over. No pid is
 * compared, so pid 1 in every container and pid reuse after a crash do not matter.
 * The server holds it while it runs; backup and restore hold it while they work.
 */
export const LOCK_SOCKET = 'server.sock';
/** Held (mkdir is atomic) while a leftover socket is replaced, so two starters cannot both do it. */
export const TAKEOVER_DIR = 'server.lock.d';
/** The pid file of earlier versions, removed once we hold the socket. */
const LEGACY_LOCK_FILE = 'server.lock';

/** A takeover never takes more than milliseconds; one older than this was left by a killed process. */
const TAKEOVER_STALE_MS = 10_000;
/** How long to keep trying while others take over or release (a bit more than a stale takeover). */
const ACQUIRE_DEADLINE_MS = TAKEOVER_STALE_MS + 5_000;
/** A holder answers at once; one that accepts and says nothing (a paused container) is still alive. */
const PROBE_TIMEOUT_MS = 2_000;
/** Linux's sun_path holds 108 bytes including the terminating NUL. */
const MAX_SOCKET_PATH = 107;

export interface LockInfo {
  pid: number;
  hostname: string;
  /** Who holds it: `server`, `backup` or `restore`. */
  role: string;
  since: string;
}

export interface DataDirLock {
  /** A dead holder's socket was found and replaced: the previous run did not stop cleanly. */
  tookOver: boolean;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly holder: LockInfo | undefined,
    lockPath: string,
  ) {
    super(
      holder
        ? `${lockPath} is held by a running ${holder.role} (pid ${holder.pid} on host ${holder.hostname}, since ${holder.since}); stop it first.`
        : `${lockPath} is held by a running process that does not say who it is (paused?); stop it first.`,
    );
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The address to bind: the absolute path, or, when that is longer than a socket address may be,
 * the path relative to the working directory (which the process never changes).
 */
export function socketAddress(dataDir: string): string {
  const absolute = path.join(path.resolve(dataDir), LOCK_SOCKET);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH) return relative;
  throw new Error(
    `DATA_DIR is too long for its lock socket (${absolute}: ${Buffer.byteLength(absolute)} bytes, at most ${MAX_SOCKET_PATH}); ` +
      'use a shorter DATA_DIR or start from a directory close to it.',
  );
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (err: NodeJS.ErrnoException) => resolve(err);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve(null);
    });
  });
}

type Probe =
  | { state: 'live'; holder?: LockInfo }
  | { state: 'dead' }
  | { state: 'gone' }
  | { state: 'retry' }
  | { state: 'unknown'; error: Error };

/** Connects to the socket: who answers, or what the kernel says about it. */
function probe(address: string): Promise<Probe> {
  return new Promise((resolve) => {
    let text = '';
    let connected = false;
    let settled = false;
    const done = (result: Probe) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    const socket = net.connect(address);
    socket.setTimeout(PROBE_TIMEOUT_MS);
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = text.split('\n')[0]!;
      if (text.includes('\n')) {
        try {
          done({ state: 'live', holder: JSON.parse(line) as LockInfo });
        } catch {
          done({ state: 'live' });
        }
      }
    });
    // Accepted but silent: alive (stopped or busy), and not ours to take.
    socket.on('timeout', () => done({ state: 'live' }));
    // Closed without a word: the holder died while answering; look again.
    socket.on('close', () => done({ state: 'retry' }));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (connected || err.code === 'ECONNRESET' || err.code === 'EPIPE') done({ state: 'retry' });
      else if (err.code === 'ECONNREFUSED') done({ state: 'dead' });
      else if (err.code === 'ENOENT') done({ state: 'gone' });
      else done({ state: 'unknown', error: err });
    });
  });
}

/** mkdir as a mutex; one left behind by a process killed in the middle is stale after a while. */
function tryTakeoverMutex(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  try {
    if (Date.now() - statSync(dir).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(dir);
  } catch {
    // Removed by its owner meanwhile: the next round takes it.
  }
  return false;
}

/**
 * Takes the lock, or throws DataDirLockedError when a live process holds it. A socket left by a
 * dead holder is replaced (`tookOver`). Resolves within milliseconds unless another process is
 * taking over at the same moment.
 */
export async function acquireDataDirLock(dataDir: string, role: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const address = socketAddress(dataDir);
  const shown = path.join(path.resolve(dataDir), LOCK_SOCKET);
  const mutex = path.join(dataDir, TAKEOVER_DIR);
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), role, since: new Date().toISOString() };
  const line = JSON.stringify(mine) + '\n';

  const hold = async (): Promise<net.Server | null> => {
    const server = net.createServer((conn) => {
      conn.on('error', () => {});
      conn.end(line);
    });
    const err = await listen(server, address);
    if (!err) {
      // Never what keeps a process running.
      server.unref();
      return server;
    }
    if (err.code === 'EADDRINUSE') return null;
    throw new Error(`cannot create the lock socket ${shown}: ${err.message}`);
  };
  const held = (server: net.Server, tookOver: boolean): DataDirLock => {
    rmSync(path.join(dataDir, LEGACY_LOCK_FILE), { force: true });
    const inode = statSync(address).ino;
    let released = false;
    return {
      tookOver,
      release() {
        if (released) return;
        released = true;
        // Closing unlinks the socket file (libuv); the check covers a file that is not ours any more.
        server.close();
        try {
          if (statSync(address).ino === inode) rmSync(address, { force: true });
        } catch {
          // already gone
        }
      },
    };
  };

  const deadline = Date.now() + ACQUIRE_DEADLINE_MS;
  let tookOver = false;
  while (Date.now() < deadline) {
    // bind() creates the socket file atomically: no holder, or one that left nothing behind.
    const fresh = await hold();
    if (fresh) return held(fresh, tookOver);
    const found = await probe(address);
    if (found.state === 'live') throw new DataDirLockedError(found.holder, shown);
    if (found.state === 'unknown')
      throw new Error(`cannot tell whether ${shown} is in use: ${found.error.message}`);
    if (found.state !== 'dead') continue;
    // A dead holder's socket: replace it, one starter at a time.
    if (!tryTakeoverMutex(mutex)) {
      await sleep(50);
      continue;
    }
    try {
      const again = await probe(address);
      if (again.state === 'live') throw new DataDirLockedError(again.holder, shown);
      if (again.state === 'dead') {
        rmSync(address, { force: true });
        tookOver = true;
      }
      const server = await hold();
      if (server) return held(server, tookOver);
    } finally {
      rmSync(mutex, { recursive: true, force: true });
    }
  }
  throw new Error(
    `could not take ${shown} within ${ACQUIRE_DEADLINE_MS / 1000} s: other processes keep taking it over`,
  );
}

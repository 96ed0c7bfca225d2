import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_SOCKET,
  socketAddress,
  TAKEOVER_DIR,
} from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');
const cleanup: Array<() => void> = [];
afterAll(() => {
  for (const fn of cleanup.reverse()) fn();
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-lock-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

interface HolderAnswer {
  held: boolean;
  tookOver?: boolean;
  pid?: number;
  error?: string;
}

/** Another process that tries to take the lock (test/lock-holder.ts); resolves with what it printed. */
function holder(
  dataDir: string,
  { detachedParent = false } = {},
): { child: ChildProcess; answer: Promise<HolderAnswer> } {
  const command = [process.execPath, '--import', 'tsx', 'src/server/test/lock-holder.ts', dataDir];
  // Under `sh -c '… & exec sleep'` the holder's parent never waits for it: killed, it stays a
  // zombie (not reaped) for as long as the sleep runs.
  const child = detachedParent
    ? spawn('sh', ['-c', `${command.map((a) => `'${a}'`).join(' ')} & exec sleep 60`], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(command[0]!, command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  cleanup.push(() => child.kill('SIGKILL'));
  const answer = new Promise<HolderAnswer>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]!) as HolderAnswer);
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code} before answering`)));
  });
  return { child, answer };
}

const processState = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];

describe('the DATA_DIR lock', () => {
  it('refuses a second holder, in this process or another, and says who holds it', async () => {
    const dataDir = tempDir();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.tookOver).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(true);

    const refused = acquireDataDirLock(dataDir, 'backup');
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `server\\.sock is held by a running server \\(pid ${process.pid} on host ${os.hostname()}, since `,
      ),
    );
    const other = await holder(dataDir).answer;
    expect(other).toMatchObject({
      held: false,
      error: expect.stringMatching(/is held by a running server \(pid \d+/),
    });

    // Released, the socket is gone and the next one takes it as a fresh lock.
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(false);
    const again = await acquireDataDirLock(dataDir, 'server');
    expect(again.tookOver).toBe(false);
    again.release();
  });

  it('is free the moment its holder is killed, before the dead process is even reaped', async () => {
    const dataDir = tempDir();
    const { answer } = holder(dataDir, { detachedParent: true });
    const held = await answer;
    expect(held).toMatchObject({ held: true, tookOver: false });
    process.kill(held.pid!, 'SIGKILL');
    // The kill is asynchronous; once the process is a zombie its sockets are closed.
    for (let i = 0; i < 50 && processState(held.pid!) !== 'Z'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(processState(held.pid!)).toBe('Z');

    const startedAt = performance.now();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.tookOver).toBe(true);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    // The takeover's mutex is gone again.
    expect(existsSync(path.join(dataDir, TAKEOVER_DIR))).toBe(false);
    lock.release();
  });

  it('lets exactly one of several starters take over a dead holder’s socket', async () => {
    const dataDir = tempDir();
    for (let round = 0; round < 2; round++) {
      const starters = Array.from({ length: 4 }, () => holder(dataDir));
      const answers = await Promise.all(starters.map((s) => s.answer));
      const winners = answers.filter((a) => a.held);
      expect(winners).toHaveLength(1);
      // The first round finds nothing; later ones find the socket the previous winner left.
      expect(winners[0]!.tookOver).toBe(round > 0);
      for (const a of answers.filter((x) => !x.held))
        expect(a.error).toMatch(new RegExp(`held by a running server \\(pid ${winners[0]!.pid} `));
      for (const s of starters) s.child.kill('SIGKILL');
      await Promise.all(
        starters.map(
          (s) =>
            new Promise((r) =>
              s.child.exitCode !== null || s.child.signalCode ? r(null) : s.child.once('exit', r),
            ),
        ),
      );
    }
  }, 60_000);

  it('clears what a killed run left: a half-done takeover and the pid file of earlier versions', async () => {
    const dataDir = tempDir();
    writeFileSync(
      path.join(dataDir, 'server.lock'),
      JSON.stringify({ pid: 1, hostname: 'old-container', role: 'server', since: '2026-01-01T00:00:00Z' }),
    );
    const first = holder(dataDir);
    expect(await first.answer).toMatchObject({ held: true });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    // A takeover mutex from a process killed in the middle of its takeover, 11 s ago.
    const mutex = path.join(dataDir, TAKEOVER_DIR);
    mkdirSync(mutex);
    const old = new Date(Date.now() - 11_000);
    utimesSync(mutex, old, old);
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.tookOver).toBe(true);
    expect(existsSync(mutex)).toBe(false);
    lock.release();
  });

  it('binds a DATA_DIR too long for a socket address relative to the working directory, or says why it cannot', () => {
    const deep = path.join(process.cwd(), 'x'.repeat(90));
    expect(Buffer.byteLength(path.join(deep, LOCK_SOCKET))).toBeGreaterThan(107);
    expect(socketAddress(deep)).toBe(path.join('x'.repeat(90), LOCK_SOCKET));
    expect(() => socketAddress(path.join(os.tmpdir(), 'y'.repeat(200)))).toThrow(
      /DATA_DIR is too long for its lock socket .* at most 107/,
    );
    expect(socketAddress('/data')).toBe('/data/server.sock');
  });
});

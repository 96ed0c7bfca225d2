import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testTodayEnv } from './test-today';
import { TEST_TODAY_NOTICE } from '../clock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** How the container image starts the server (Dockerfile CMD): the bundle, with plain node. */
const IMAGE_COMMAND = ['dist/server/main.js'];

let bundleChecked = false;
/**
 * Builds the server bundle when it is missing or older than the sources (once per test process), so
 * the processes run the code under test. `scripts/start.mjs` does the same itself.
 */
export function ensureServerBundle() {
  if (bundleChecked) return;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0)
    throw new Error(`building the server bundle failed:\n${built.stdout}${built.stderr}`);
  bundleChecked = true;
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Both streams, for failure messages. */
  output: () => string;
  /** The server's own process id (inside a pid namespace: its one child), e.g. to read its memory. */
  pid: () => number | undefined;
  /** Parsed pino lines at or above `level` (40 warn, 50 error, 60 fatal), but the TEST_TODAY notice. */
  logLines: (level: number) => Array<Record<string, unknown>>;
  /** Resolves once GET /readyz answers 200 (the process migrated, started its queue and listens). */
  ready: () => Promise<void>;
  /** The exit code (null when ended by a signal), once the process ended. */
  exit: Promise<number | null>;
  exited: () => boolean;
  /** Sends `signal` (SIGKILL: a crash) and waits for the exit. */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
  /** SIGTERM (SIGKILL after 30 s), then the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * One real app process with its own memory (job workers, connection pool), so whatever two of
 * them share goes through the database only. Used by the scale-out and shutdown tests and by the
 * benchmarks. The environment is only what is given (no inherited test-runner variables), as a
 * deployment would set it (only TEST_TODAY is passed on, so the server's today is the suite's); `PORT`
 * is required.
 */
export function startServerProcess(
  name: string,
  env: Record<string, string> & { PORT: string },
  {
    args = IMAGE_COMMAND,
    pidNamespace = false,
    cwd = root,
  }: {
    args?: string[];
    /** The directory it runs in (default the project; the bundle test gives it the image's layout). */
    cwd?: string;
    /** Run it as PID 1 of a PID namespace of its own, as in a container (`unshare`, needs root). */
    pidNamespace?: boolean;
  } = {},
): ServerProcess {
  const port = Number(env.PORT);
  if (args === IMAGE_COMMAND) ensureServerBundle();
  // --kill-child: the server dies with unshare (a test's SIGKILL of the child reaches it).
  const command = pidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...args]
    : [process.execPath, ...args];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      ...testTodayEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  let exitCode: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const output = () => `${stdout}${stderr}`;
  // unshare ignores SIGTERM and SIGINT while it waits: signals go to the server, its one child.
  const serverPid = () => {
    if (!pidNamespace) return child.pid;
    try {
      return (
        Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]) ||
        child.pid
      );
    } catch {
      return child.pid;
    }
  };
  const kill = async (signal: NodeJS.Signals) => {
    const pid = serverPid();
    if (exitCode === undefined && pid) {
      try {
        process.kill(pid, signal);
      } catch {
        // ended meanwhile
      }
    }
    return exit;
  };

  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    output,
    pid: serverPid,
    logLines: (level) =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return { level: 60, msg: l };
          }
        })
        // A suite run with TEST_TODAY gives every server that clock: its notice is no finding.
        .filter((l) => Number(l.level) >= level && l.msg !== TEST_TODAY_NOTICE),
    exit,
    exited: () => exitCode !== undefined,
    async ready() {
      // A first start may build the web client (scripts/start.mjs) or migrate an empty database.
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (exitCode !== undefined)
          throw new Error(`server ${name} exited with ${exitCode} before it was ready:\n${output()}`);
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`server ${name} not ready after 120 s:\n${output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    kill,
    async stop() {
      if (exitCode !== undefined) return exitCode;
      // main.ts drains in-flight requests and running jobs (at most 30 s) before it exits.
      const timer = setTimeout(() => child.kill('SIGKILL'), 35_000);
      const code = await kill('SIGTERM');
      clearTimeout(timer);
      return code;
    },
  };
}

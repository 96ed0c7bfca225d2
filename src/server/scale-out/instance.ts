import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

export interface Instance {
  name: string;
  port: number;
  /** Everything the process wrote (pino JSON lines on stdout, anything else on stderr). */
  output: () => string;
  /** Parsed pino lines at or above `level` (40 warn, 50 error, 60 fatal). */
  logLines: (level: number) => Array<Record<string, unknown>>;
  /** Resolves once GET /readyz answers 200 (the process migrated, started its queue and listens). */
  ready: () => Promise<void>;
  /** SIGTERM, then the exit code (null when killed by a signal). */
  stop: () => Promise<number | null>;
  exited: () => boolean;
}

/**
 * One real app process, started like `npm start` (src/server/scale-out/launch.mjs registers tsx with
 * the tsconfig path aliases and imports main.ts). Each process has its own memory (rate-limit
 * counters, job workers), so whatever they share goes through the database only.
 */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child: ChildProcess = spawn(process.execPath, [path.join(here, 'launch.mjs')], {
    cwd: root,
    // No inherited NODE_OPTIONS/VITEST_* noise: the process sees what a deployment would give it.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  let exitCode: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );

  return {
    name,
    port,
    output: () => out,
    logLines: (level) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return { level: 60, msg: l };
          }
        })
        .filter((l) => Number(l.level) >= level),
    exited: () => exitCode !== undefined,
    async ready() {
      const deadline = Date.now() + 45_000;
      for (;;) {
        if (exitCode !== undefined) throw new Error(`instance ${name} exited with ${exitCode} before it was ready:\n${out}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`instance ${name} not ready after 45 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      // main.ts drains in-flight requests and running jobs (at most 20 s) before it exits.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exit;
      clearTimeout(timer);
      return code;
    },
  };
}

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases';
import { startTcpProxy } from '../test/tcp-proxy';
import { freePort } from '../test/wait';
import { openPostgres } from './client';
import { DatabaseNotReachableError, openWithRetry } from './start-retry';

describe.runIf(dbKinds().includes('postgres'))('start-up against a database that is not there yet', () => {
  let scratch: TestDatabase;
  beforeAll(async () => {
    scratch = await createTestDatabase('postgres');
  });
  afterAll(() => scratch.destroy());

  const logInto = (lines: string[]) => pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
  const urlOnPort = (port: number) => {
    const u = new URL(scratch.url!);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };

  it('logs one line per attempt and starts once the database answers', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const target = new URL(scratch.url!);
    const late = new Promise<Awaited<ReturnType<typeof startTcpProxy>>>((resolve) =>
      setTimeout(() => resolve(startTcpProxy(target.hostname, Number(target.port || 5432), port)), 1_500),
    );
    const database = await openWithRetry(() => openPostgres(urlOnPort(port), 2), logInto(lines));
    try {
      await expect(database.ping()).resolves.toBeUndefined();
      const parsed = lines.map((l) => JSON.parse(l) as { msg: string; reason?: string; retryInMs?: number });
      const retries = parsed.filter((l) => l.msg === 'database not reachable yet: retrying');
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries[0]).toMatchObject({ reason: 'ECONNREFUSED', retryInMs: 1000 });
      expect(parsed.at(-1)?.msg).toBe('database reachable: starting');
    } finally {
      await database.close();
      await (await late).close();
    }
  });

  it('gives up after its deadline with one clear reason', async () => {
    const port = await freePort();
    const err = await openWithRetry(() => openPostgres(urlOnPort(port), 1), logInto([]), {
      deadlineMs: 2_500,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseNotReachableError);
    expect((err as Error).message).toMatch(
      /^database not reachable after \d+ s \(\d+ attempts\): ECONNREFUSED$/,
    );
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { createSecretBox } from '../../lib/crypto';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases';
import { eventually } from '../../test/wait';
import { idempotency } from './idempotency.plugin';

/**
 * The database stops answering just as a request's answer is recorded (a restart between the
 * booking's commit and the stored answer): the answer still goes out, its record follows in the
 * background, and a retry with the key gets that answer instead of waiting for a claim nobody will
 * finish (docs/decisions/016-database-faults.md).
 */
describe.each(dbKinds())('Idempotency-Key while the database drops out, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** Statements on idempotency_keys that fail as a restart makes them fail, by kind. */
  const failNext = { update: 0, delete: 0 };
  let runs = 0;
  let failRun = false;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if ((prop === 'update' || prop === 'delete') && typeof value === 'function') {
          return (table: unknown) => {
            if (table === idempotencyKeys && failNext[prop] > 0) {
              failNext[prop]--;
              throw Object.assign(new Error('Connection terminated unexpectedly'), {});
            }
            return (value as (t: unknown) => unknown).call(target, table);
          };
        }
        return value;
      },
    }) as Db;
    app = Fastify();
    await app.register(idempotency, { db, box: createSecretBox('x'.repeat(32)), now: () => new Date() });
    app.post('/book', { config: { idempotent: true } }, async (_request, reply) => {
      runs++;
      if (failRun) return reply.status(503).send({ code: 'UNAVAILABLE' });
      return reply.status(201).send({ run: runs });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const post = (key: string) =>
    app.inject({ method: 'POST', url: '/book', headers: { 'idempotency-key': key }, payload: { a: 1 } });

  it('a 201 whose record fails still answers 201, and a retry gets it replayed without running again', async () => {
    runs = 0;
    failRun = false;
    failNext.update = 1;
    const first = await post(`k-${kind}-complete`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ run: 1 });
    const retry = await eventually(
      async () => {
        const r = await post(`k-${kind}-complete`);
        return r.headers['idempotent-replayed'] === 'true' && r;
      },
      5_000,
      'replayed answer',
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it('a 503 whose claim cannot be released at once frees the key soon: the retry runs afresh', async () => {
    runs = 0;
    failRun = true;
    failNext.delete = 1;
    expect((await post(`k-${kind}-release`)).statusCode).toBe(503);
    failRun = false;
    const started = Date.now();
    const retry = await post(`k-${kind}-release`);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual({ run: 2 });
    // Released in the background within a second, not after the claim's 60 s as abandoned.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLine } from './write-line';

/**
 * A booking that waited in line longer than its client did is not made: the client has closed the
 * connection, so nobody would read the answer, and its retry would find the slot taken by itself.
 */
describe('a write whose client has gone is not done', () => {
  let app: FastifyInstance;
  let port: number;
  let done = 0;
  beforeAll(async () => {
    app = Fastify();
    // The line the request waits in: a busy server, a slow hook before the work.
    app.addHook('preHandler', async () => new Promise((r) => setTimeout(r, 300)));
    await app.register(writeLine);
    app.post('/book', async (_request, reply) => {
      done++;
      return reply.status(201).send({ ok: true });
    });
    app.get('/read', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, giveUpAfterMs?: number) =>
    new Promise<number | 'gone'>((resolve) => {
      const body = JSON.stringify({ slot: '10:00' });
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: false,
          headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve('gone'));
      req.end(method === 'POST' ? body : undefined);
      if (giveUpAfterMs !== undefined) setTimeout(() => req.destroy(), giveUpAfterMs);
    });

  it('skips the work when the client closed the connection while the request waited', async () => {
    done = 0;
    expect(await send('POST', '/book', 50)).toBe('gone');
    await new Promise((r) => setTimeout(r, 500));
    expect(done).toBe(0);
  });

  it('does the work for a client that waits for its answer', async () => {
    done = 0;
    expect(await send('POST', '/book')).toBe(201);
    expect(done).toBe(1);
    expect(await send('GET', '/read')).toBe(200);
  });
});

describe('the line of public writes', () => {
  it('runs at most its number at once, lets the rest in as they finish, and refuses a wait too long', async () => {
    const app = Fastify();
    await app.register(writeLine, { atOnce: 3, waitMs: 1_000 });
    let running = 0;
    let most = 0;
    app.post('/book', { config: { idempotent: true } }, async (request, reply) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, Number((request.body as { ms: number }).ms)));
      running--;
      return reply.status(201).send({ ok: true });
    });
    await app.ready();
    const book = (ms: number) => app.inject({ method: 'POST', url: '/book', payload: { ms } });
    const answers = await Promise.all(Array.from({ length: 12 }, () => book(20)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(most).toBe(3);

    // Three slow writes hold the line past the next one's patience: it is answered 503 to retry.
    const slow = Array.from({ length: 3 }, () => book(1_500));
    await new Promise((r) => setTimeout(r, 100));
    const refused = await book(10);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().code).toBe('UNAVAILABLE');
    expect((await Promise.all(slow)).map((a) => a.statusCode)).toEqual([201, 201, 201]);
    // The line is free again: nothing was left holding a place.
    expect((await book(10)).statusCode).toBe(201);
    await app.close();
  });
});

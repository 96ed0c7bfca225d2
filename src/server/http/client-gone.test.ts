import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWhenClientGone } from './client-gone';

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
    await app.register(skipWhenClientGone);
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

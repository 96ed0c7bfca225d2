import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLine } from './request-line';

describe('the request line', () => {
  it('works on at most its number at once, over many connections, while health checks skip it', async () => {
    const app = Fastify();
    await app.register(requestLine, { atOnce: 4 });
    let running = 0;
    let most = 0;
    app.get('/slow', async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 100));
      running--;
      return { ok: true };
    });
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (path: string, agent: http.Agent | false = false) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const t0 = performance.now();
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
          })
          .on('error', reject);
      });

    // 20 keep-alive connections asking three times each: 60 requests, four at a time.
    const clients = Array.from({ length: 20 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await get('/slow', agent)).status);
      agent.destroy();
      return statuses;
    });
    await new Promise((r) => setTimeout(r, 150));
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(100); // the line holds about 1.5 s of work
    expect((await Promise.all(clients)).flat()).toEqual(Array(60).fill(200));
    expect(most).toBe(4);
    await app.close();
  });
});

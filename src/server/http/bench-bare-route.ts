import type { FastifyPluginAsync } from 'fastify';

/**
 * Benchmarks only (BENCH_BARE_ROUTE=1): the practical limit of this stack on this machine. A route
 * in the same app (same hooks, same headers) that answers a static JSON body of `bytes` bytes, built
 * once per size, so bench/availability-load.bench.ts can give each hot public read as a ratio of it
 * (issue 21: the ratio is the figure that does not depend on the machine).
 */
export const benchBareRoute: FastifyPluginAsync = async (app) => {
  const bodies = new Map<number, string>();
  app.get<{ Querystring: { bytes?: string } }>('/bench/bare', async (req, reply) => {
    const bytes = Math.min(Math.max(Number(req.query.bytes) || 16, 16), 4_000_000);
    let body = bodies.get(bytes);
    if (!body) {
      // {"pad":"xxx…"} is 10 bytes of frame around the padding.
      body = JSON.stringify({ pad: 'x'.repeat(bytes - 10) });
      bodies.set(bytes, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
};

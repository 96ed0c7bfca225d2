import type { FastifyPluginAsync } from 'fastify';

/** A load balancer waits about this long; a database that does not answer in time is "not ready". */
export const READY_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await within(app.database.ping(), READY_TIMEOUT_MS);
      return { status: 'ready', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
};

import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
};

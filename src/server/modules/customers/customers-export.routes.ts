import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard';

/** GET /api/customers/export.csv: every customer as a streamed CSV download. */
export const customersExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customersExport } = app.services;

  app.get('/api/customers/export.csv', (req, reply) => {
    const user = currentUser(req);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${customersExport.fileName(user)}"`)
      .send(Readable.from(customersExport.csv(user)));
  });
};

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingsExportQuery } from '@contracts/bookings';
import { currentUser } from '../../http/auth-guard';

/** GET /api/bookings/export.csv: the bookings page's filters as a streamed CSV download. */
export const bookingsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookingsExport } = app.services;

  app.get('/api/bookings/export.csv', { schema: { querystring: bookingsExportQuery } }, (req, reply) => {
    const user = currentUser(req);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${bookingsExport.fileName(user)}"`)
      .send(Readable.from(bookingsExport.csv(user, req.query)));
  });
};

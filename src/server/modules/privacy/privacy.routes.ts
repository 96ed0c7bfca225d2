import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerEraseBody,
  customerEraseResult,
  customerExport,
  customerExportQuery,
} from '@contracts/privacy';
import { currentUser } from '../../http/auth-guard';

/** A customer's data with this owner: the export (a JSON download) and the erasure (docs/PRODUCT.md#privacy). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;

  app.get(
    '/api/customers/export',
    { schema: { querystring: customerExportQuery, response: { 200: customerExport } } },
    async (req, reply) => {
      const data = await privacy.exportCustomer(currentUser(req), req.query.email);
      void reply
        .header('content-disposition', `attachment; filename="${privacy.exportFileName(req.query.email)}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/customers/erase',
    { schema: { body: customerEraseBody, response: { 200: customerEraseResult } } },
    (req) => privacy.erase(currentUser(req), req.body.email),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import {
  closureDto,
  createClosureBody,
  holidayDto,
  holidaysQuery,
  namedDutchHolidays,
} from '@contracts/closures';
import { nl } from '@contracts/messages';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

const closureIdParams = z.object({ id: z.uuid({ error: nl.closures.notFound }) });

/** Closing days of the business or one agenda, and the Dutch holidays to pick them from (docs/PRODUCT.md#closures). */
export const closuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { closures } = app.services;

  app.get('/api/closures', { schema: { response: { 200: z.array(closureDto) } } }, (req) =>
    closures.list(currentUser(req)),
  );
  app.post(
    '/api/closures',
    { schema: { body: createClosureBody, response: { 201: closureDto } } },
    async (req, reply) =>
      reply.status(201).send(await closures.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.delete(
    '/api/closures/:id',
    { schema: { params: closureIdParams, response: { 200: okResponse } } },
    async (req) => {
      await closures.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
  app.get(
    '/api/closures/holidays',
    { schema: { querystring: holidaysQuery, response: { 200: z.array(holidayDto) } } },
    (req) => namedDutchHolidays(req.query.year),
  );
};

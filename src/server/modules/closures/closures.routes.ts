import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holidayDto, holidaysQuery, namedDutchHolidays } from '@contracts/closures';

/** Closing days (docs/PRODUCT.md#holidays). So far only the holiday list the owner picks from. */
export const closuresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/api/closures/holidays',
    { schema: { querystring: holidaysQuery, response: { 200: z.array(holidayDto) } } },
    (req) => namedDutchHolidays(req.query.year),
  );
};

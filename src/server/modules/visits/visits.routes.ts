import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthAvailabilityDto, monthQuery, tokenParams } from '@contracts/public-booking';
import { createdVisit, createVisitBody, visitAvailabilityQuery } from '@contracts/public-visits';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Visits on the public pages (docs/PRODUCT.md#visits): no session, like a booking of one service. */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visits, publicBooking } = app.services;

  app.get(
    '/api/public/visits/availability',
    // The cached JSON text as it is, like a single service's month (public.routes.ts): the service's
    // type is the contract (monthAvailabilityDto), checked by its tests instead of on every call.
    { schema: { querystring: visitAvailabilityQuery } },
    async (req, reply) => reply.type(JSON_TYPE).send(await visits.monthJson(req.query)),
  );
  app.post(
    '/api/public/visits',
    {
      // A retried write with the same Idempotency-Key gets the first answer, as for one booking.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, idempotent: true },
      schema: { body: createVisitBody, response: { 201: createdVisit } },
    },
    async (req, reply) => reply.status(201).send(await visits.create(req.body)),
  );
  app.get(
    '/api/public/bookings/manage/:token/visit-availability',
    { schema: { params: tokenParams, querystring: monthQuery, response: { 200: monthAvailabilityDto } } },
    (req) => publicBooking.visitMonth(req.params.token, req.query.month),
  );
};

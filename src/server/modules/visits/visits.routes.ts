import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthAvailabilityDto, monthQuery, paymentQuote, tokenParams } from '@contracts/public-booking';
import {
  createdVisit,
  createVisitBody,
  visitAvailabilityQuery,
  visitPaymentCreated,
  visitQuoteBody,
} from '@contracts/public-visits';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Visits on the public pages (docs/PRODUCT.md#visits): no session, like a booking of one service. */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visits, visitPayments, publicBooking } = app.services;

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
  // What a paid visit costs this customer now and later, and its hold, as for one paid service
  // (payments.routes.ts): the same limits.
  app.post(
    '/api/public/visits/quote',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: visitQuoteBody, response: { 200: paymentQuote } },
    },
    (req) => visitPayments.quote(req.body),
  );
  app.post(
    '/api/public/visits/payment-intent',
    {
      // Each holds its places for 15 minutes: the same per-visitor limit as one service's hold.
      config: { rateLimit: { max: app.config.holdLimitPerIp, timeWindow: '1 minute' }, idempotent: true },
      schema: { body: createVisitBody, response: { 201: visitPaymentCreated } },
    },
    async (req, reply) => reply.status(201).send(await visitPayments.createIntent(req.body)),
  );
  app.get(
    '/api/public/bookings/manage/:token/visit-availability',
    { schema: { params: tokenParams, querystring: monthQuery, response: { 200: monthAvailabilityDto } } },
    (req) => publicBooking.visitMonth(req.params.token, req.query.month),
  );
};

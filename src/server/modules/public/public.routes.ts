import { createdSeriesBooking, publicScopeQuery, publicSeriesBookingBody } from '@contracts/public-series';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agendaQuery,
  eventDateParams,
  eventIdParams,
  managedBooking,
  monthQuery,
  publicEvent,
  publicField,
  rescheduleBody,
  slugParams,
  tokenParams,
} from '@contracts/public-booking';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Public pages' API: no session; bookings are guarded by the rules, the manage link by its token. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.publicBooking;
  // A retried write with the same Idempotency-Key gets the first answer (modules/idempotency/idempotency.plugin.ts).
  const bookingLimit = { rateLimit: { max: 30, timeWindow: '1 minute' }, idempotent: true };

  // A text message's short manage link (text-content.ts shortManageUrl): the manage page, its token
  // checked there; here by its shape only, so a mangled link redirects nowhere.
  app.get('/m/:token', { schema: { params: tokenParams } }, (req, reply) =>
    reply.redirect(`/booking/manage/${req.params.token}`, 302),
  );

  app.get(
    '/api/public/events/:slug',
    { schema: { params: slugParams, response: { 200: publicEvent } } },
    (req) => svc.event(req.params.slug),
  );
  app.get(
    '/api/public/events/:slug/fields',
    { schema: { params: slugParams, response: { 200: z.array(publicField) } } },
    (req) => svc.fields(req.params.slug),
  );
  // The two hot reads of the booking page answer the cached JSON text as it is: the service's types
  // are the contract (takenTimes, monthAvailabilityDto), checked by its tests instead of on every call.
  app.get(
    '/api/public/events/:eventId/bookings/:date',
    { schema: { params: eventDateParams, querystring: agendaQuery } },
    async (req, reply) =>
      reply
        .type(JSON_TYPE)
        .send(await svc.takenTimesJson(req.params.eventId, req.params.date, req.query.agendaId)),
  );
  app.get(
    '/api/public/events/:eventId/availability',
    { schema: { params: eventIdParams, querystring: monthQuery } },
    async (req, reply) =>
      reply
        .type(JSON_TYPE)
        .send(await svc.monthJson(req.params.eventId, req.query.month, req.query.agendaId)),
  );
  app.post(
    '/api/public/bookings',
    // `series` (docs/PRODUCT.md#series): the body of a single booking with the weekly count.
    {
      config: bookingLimit,
      schema: { body: publicSeriesBookingBody, response: { 201: createdSeriesBooking } },
    },
    async (req, reply) => reply.status(201).send(await svc.create(req.body)),
  );
  app.get(
    '/api/public/bookings/manage/:token',
    { schema: { params: tokenParams, response: { 200: managedBooking } } },
    (req) => svc.manage(req.params.token),
  );
  app.get(
    '/api/public/bookings/manage/:token/ics',
    // Like the calendar feed: a download is asked now and then; this bounds a client guessing links.
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: tokenParams } },
    async (req, reply) => {
      const body = await svc.ics(req.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="afspraak.ics"')
        .send(body);
    },
  );
  app.patch(
    '/api/public/bookings/manage/:token',
    {
      config: bookingLimit,
      schema: {
        params: tokenParams,
        querystring: publicScopeQuery,
        body: rescheduleBody,
        response: { 200: managedBooking },
      },
    },
    (req) => svc.reschedule(req.params.token, req.body, req.query.scope),
  );
  app.delete(
    '/api/public/bookings/manage/:token',
    {
      config: bookingLimit,
      schema: { params: tokenParams, querystring: publicScopeQuery, response: { 200: managedBooking } },
    },
    (req) => svc.cancel(req.params.token, req.query.scope),
  );
};

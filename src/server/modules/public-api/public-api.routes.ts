import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicAgendaList,
  publicAvailability,
  publicAvailabilityQuery,
  publicBooking,
  publicBookingPage,
  publicBookingsQuery,
  publicCancelBody,
  publicCreateBookingBody,
  publicCreatedBooking,
  publicCustomer,
  publicCustomerPage,
  publicCustomersQuery,
  publicIdParams,
  publicMoveBody,
  publicNoShowBody,
  publicServiceList,
} from '@contracts/public-api';
import { apiCaller, apiKeyAuth, apiKeyRoute, apiViewer } from './api-key-auth';
import { publicHooksRoutes } from './hooks.routes';

/**
 * The versioned API (docs/PRODUCT.md#public-api), registered under /api/v1: thin routes over the
 * app's own services, authenticated by an API key (modules/public-api/api-key-auth.ts). Every write
 * acts as the key (history actor `api_key`) and answers a retried `Idempotency-Key` with its first
 * answer (set for every write by api-key-auth.ts).
 */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeyAuth);
  const api = app.services.publicApi;
  await app.register(publicHooksRoutes);

  app.get(
    '/bookings',
    {
      config: apiKeyRoute(app, 'bookings.allAgendas'),
      schema: {
        summary: 'List bookings, filtered and paged by cursor',
        tags: ['Bookings'],
        querystring: publicBookingsQuery,
        response: { 200: publicBookingPage },
      },
    },
    (req) => api.bookings(apiCaller(req).user, req.query),
  );
  app.get(
    '/bookings/:id',
    {
      config: apiKeyRoute(app, 'bookings.allAgendas'),
      schema: {
        summary: 'One booking',
        tags: ['Bookings'],
        params: publicIdParams,
        response: { 200: publicBooking },
      },
    },
    (req) => api.booking(apiCaller(req).user, req.params.id),
  );
  app.post(
    '/bookings',
    {
      config: apiKeyRoute(app, 'bookings.manual'),
      schema: { body: publicCreateBookingBody, response: { 201: publicCreatedBooking } },
    },
    async (req, reply) => {
      const caller = apiCaller(req);
      return reply.status(201).send(await api.create(caller.user, req.body, apiViewer(caller)));
    },
  );
  app.patch(
    '/bookings/:id',
    {
      config: apiKeyRoute(app, 'bookings.allAgendas'),
      schema: { params: publicIdParams, body: publicMoveBody, response: { 200: publicBooking } },
    },
    (req) => {
      const caller = apiCaller(req);
      return api.move(caller.user, req.params.id, req.body, apiViewer(caller));
    },
  );
  app.post(
    '/bookings/:id/cancel',
    {
      config: apiKeyRoute(app, 'bookings.allAgendas'),
      schema: { params: publicIdParams, body: publicCancelBody, response: { 200: publicBooking } },
    },
    (req) => {
      const caller = apiCaller(req);
      return api.cancel(caller.user, req.params.id, req.body.notifyCustomer, apiViewer(caller));
    },
  );
  app.post(
    '/bookings/:id/no-show',
    {
      config: apiKeyRoute(app, 'bookings.allAgendas'),
      schema: {
        summary: 'Mark a booking not shown, or clear the mark',
        tags: ['Bookings'],
        params: publicIdParams,
        body: publicNoShowBody,
        response: { 200: publicBooking },
      },
    },
    (req) => {
      const caller = apiCaller(req);
      return api.noShow(caller.user, req.params.id, req.body.noShow, apiViewer(caller));
    },
  );
  app.get(
    '/services',
    {
      config: apiKeyRoute(app, 'services.read'),
      schema: { summary: 'The services', tags: ['Services'], response: { 200: publicServiceList } },
    },
    (req) => api.services(apiCaller(req).user),
  );
  app.get(
    '/services/:id/availability',
    {
      config: apiKeyRoute(app, 'services.read'),
      schema: {
        params: publicIdParams,
        querystring: publicAvailabilityQuery,
        response: { 200: publicAvailability },
      },
    },
    (req) => api.availability(apiCaller(req).user, req.params.id, req.query),
  );
  app.get(
    '/customers',
    {
      config: apiKeyRoute(app, 'customers.manage'),
      schema: { querystring: publicCustomersQuery, response: { 200: publicCustomerPage } },
    },
    (req) => api.customers(apiCaller(req).user, req.query),
  );
  app.get(
    '/customers/:id',
    {
      config: apiKeyRoute(app, 'customers.manage'),
      schema: { params: publicIdParams, response: { 200: publicCustomer } },
    },
    (req) => api.customer(apiCaller(req).user, req.params.id),
  );
  app.get(
    '/agendas',
    {
      config: apiKeyRoute(app, 'services.read'),
      schema: {
        summary: 'The agendas, the default first',
        tags: ['Agendas'],
        response: { 200: publicAgendaList },
      },
    },
    (req) => api.agendas(apiCaller(req).user),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBookingBody,
  createdBookingDto,
  newBookingSlotsDto,
  newBookingSlotsQuery,
} from '@contracts/bookings';
import { currentMember, currentUser } from '../../http/auth-guard';

/** Bookings the owner writes down (docs/PRODUCT.md#bookings-page). */
export const manualBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { manualBookings } = app.services;

  app.get(
    '/api/bookings/slots',
    { schema: { querystring: newBookingSlotsQuery, response: { 200: newBookingSlotsDto } } },
    (req) => manualBookings.slots(currentUser(req), req.query),
  );
  app.post(
    '/api/bookings',
    { schema: { body: createBookingBody, response: { 201: createdBookingDto } } },
    async (req, reply) =>
      reply.code(201).send(await manualBookings.create(currentUser(req), req.body, currentMember(req))),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import {
  bookingDetailsDto,
  bookingsQuery,
  moveSlotsDto,
  moveSlotsQuery,
  ownerBookingDto,
  updateBookingBody,
} from '@contracts/bookings';
import { idParams } from '@contracts/events';
import { seriesScopeQuery } from '@contracts/series';
import { currentMember, currentUser } from '../../http/auth-guard';

/** The next page's cursor travels in a header so the body stays the spec's plain list. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const ownerBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ownerBookings, bookingDetails, series } = app.services;

  app.get(
    '/api/bookings',
    { schema: { querystring: bookingsQuery, response: { 200: z.array(ownerBookingDto) } } },
    async (req, reply) => {
      const page = await ownerBookings.list(currentUser(req), req.query, currentMember(req));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );
  app.get(
    '/api/bookings/:id',
    { schema: { params: idParams, response: { 200: bookingDetailsDto } } },
    (req) => bookingDetails.get(currentUser(req), req.params.id, currentMember(req)),
  );
  app.get(
    '/api/bookings/:id/slots',
    { schema: { params: idParams, querystring: moveSlotsQuery, response: { 200: moveSlotsDto } } },
    (req) => ownerBookings.moveSlots(currentUser(req), req.params.id, req.query, currentMember(req)),
  );
  app.patch(
    '/api/bookings/:id',
    {
      schema: {
        params: idParams,
        querystring: seriesScopeQuery,
        body: updateBookingBody,
        response: { 200: ownerBookingDto },
      },
    },
    // "Deze en alle volgende" of a series (docs/PRODUCT.md#series); without a scope: this booking.
    (req) =>
      req.query.scope === 'following'
        ? series.changeFollowing(currentUser(req), req.params.id, req.body, currentMember(req))
        : ownerBookings.update(currentUser(req), req.params.id, req.body, currentMember(req)),
  );
  app.delete(
    '/api/bookings/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await ownerBookings.remove(currentUser(req), req.params.id, currentMember(req));
      return { ok: true as const };
    },
  );
};

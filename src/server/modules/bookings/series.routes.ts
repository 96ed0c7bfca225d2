import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdSeriesDto, createSeriesBody, seriesCheckBody, seriesCheckDto } from '@contracts/series';
import { currentMember, currentUser } from '../../http/auth-guard';

/** Appointment series the owner writes down (docs/PRODUCT.md#series). */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { series } = app.services;

  app.post(
    '/api/bookings/series/check',
    { schema: { body: seriesCheckBody, response: { 200: seriesCheckDto } } },
    (req) => series.check(currentUser(req), req.body),
  );
  app.post(
    '/api/bookings/series',
    { schema: { body: createSeriesBody, response: { 201: createdSeriesDto } } },
    async (req, reply) =>
      reply.code(201).send(await series.create(currentUser(req), req.body, currentMember(req))),
  );
};

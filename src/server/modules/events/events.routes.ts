import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import {
  createEventBody,
  customFieldDto,
  eventDto,
  eventListItem,
  idParams,
  updateEventBody,
} from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events } = app.services;

  app.get('/api/events', { schema: { response: { 200: z.array(eventListItem) } } }, (req) =>
    events.list(currentUser(req)),
  );
  app.get('/api/events/:id', { schema: { params: idParams, response: { 200: eventDto } } }, (req) =>
    events.get(currentUser(req), req.params.id),
  );
  app.get(
    '/api/events/:id/fields',
    { schema: { params: idParams, response: { 200: z.array(customFieldDto) } } },
    (req) => events.fields(currentUser(req), req.params.id),
  );
  app.post(
    '/api/events',
    { schema: { body: createEventBody, response: { 201: eventDto } } },
    async (req, reply) =>
      reply.status(201).send(await events.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/events/:id',
    { schema: { params: idParams, body: updateEventBody, response: { 200: eventDto } } },
    (req) => events.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/events/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await events.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
};

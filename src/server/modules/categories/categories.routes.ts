import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import { categoryBody, categoryDto, idParams } from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories } = app.services;

  app.get('/api/event-categories', { schema: { response: { 200: z.array(categoryDto) } } }, (req) =>
    categories.list(currentUser(req)),
  );
  app.post(
    '/api/event-categories',
    { schema: { body: categoryBody, response: { 201: categoryDto } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await categories.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/event-categories/:id',
    { schema: { params: idParams, body: categoryBody, response: { 200: categoryDto } } },
    (req) => categories.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/event-categories/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await categories.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
};

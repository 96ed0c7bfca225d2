import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import { idParams } from '@contracts/events';
import { templateBody, templateDto } from '@contracts/templates';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { templates } = app.services;

  app.get('/api/templates', { schema: { response: { 200: z.array(templateDto) } } }, (req) =>
    templates.list(currentUser(req)),
  );
  app.get('/api/templates/:id', { schema: { params: idParams, response: { 200: templateDto } } }, (req) =>
    templates.get(currentUser(req), req.params.id),
  );
  app.post(
    '/api/templates',
    { schema: { body: templateBody, response: { 201: templateDto } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await templates.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/templates/:id',
    { schema: { params: idParams, body: templateBody, response: { 200: templateDto } } },
    (req) => templates.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/templates/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await templates.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import { idParams, webhookBody, webhookDto, webhookPatch } from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;

  app.get(
    '/api/events/:id/webhooks',
    { schema: { params: idParams, response: { 200: z.array(webhookDto) } } },
    (req) => webhooks.list(currentUser(req), req.params.id),
  );
  app.post(
    '/api/events/:id/webhooks',
    { schema: { params: idParams, body: webhookBody, response: { 201: webhookDto } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await webhooks.create(currentUser(req), req.params.id, req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/webhooks/:id',
    { schema: { params: idParams, body: webhookPatch, response: { 200: webhookDto } } },
    (req) => webhooks.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/webhooks/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await webhooks.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
};

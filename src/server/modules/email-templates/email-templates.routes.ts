import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contracts/auth';
import { emailTemplateBody, emailTemplateDto } from '@contracts/email-templates';
import { idParams } from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emailTemplates } = app.services;

  app.get('/api/email-templates', { schema: { response: { 200: z.array(emailTemplateDto) } } }, (req) =>
    emailTemplates.list(currentUser(req)),
  );
  app.post(
    '/api/email-templates',
    { schema: { body: emailTemplateBody, response: { 201: emailTemplateDto } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await emailTemplates.create(currentUser(req), req.body, byMember(currentMember(req)))),
  );
  app.patch(
    '/api/email-templates/:id',
    { schema: { params: idParams, body: emailTemplateBody, response: { 200: emailTemplateDto } } },
    (req) => emailTemplates.update(currentUser(req), req.params.id, req.body, byMember(currentMember(req))),
  );
  app.delete(
    '/api/email-templates/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await emailTemplates.remove(currentUser(req), req.params.id, byMember(currentMember(req)));
      return { ok: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMessageBody, classMessageDto, classSessionDto } from '@contracts/class-sessions';
import { idParams } from '@contracts/events';
import { currentMember, currentUser } from '../../http/auth-guard';

/** A class time's attendees and the owner's message to them (docs/PRODUCT.md#classes). */
export const classSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classSessions } = app.services;

  app.get(
    '/api/class-sessions/:id',
    { schema: { params: idParams, response: { 200: classSessionDto } } },
    (req) => classSessions.get(currentUser(req), req.params.id, currentMember(req)),
  );
  app.post(
    '/api/class-sessions/:id/message',
    { schema: { params: idParams, body: classMessageBody, response: { 202: classMessageDto } } },
    async (req, reply) =>
      reply
        .code(202)
        .send(await classSessions.message(currentUser(req), req.params.id, req.body, currentMember(req))),
  );
};

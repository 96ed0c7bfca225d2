import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailStatusDto } from '@contracts/notifications';
import { currentUser } from '../../http/auth-guard';

/** Whether the owner's own mail connection works, what waits for it and what could not be sent. */
export const mailStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailHealth } = app.services;

  app.get('/api/email-status', { schema: { response: { 200: mailStatusDto } } }, (req) =>
    mailHealth.status(currentUser(req)),
  );
};

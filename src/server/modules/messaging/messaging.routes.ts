import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingBody, messagingDto, messagingTestBody, messagingTestResult } from '@contracts/messaging';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

/** The owner's SMS and WhatsApp provider (docs/PRODUCT.md#messaging); the keys are never answered. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const messaging = app.services.messaging;

  app.get('/api/messaging', { schema: { response: { 200: messagingDto } } }, (req) =>
    messaging.current(currentUser(req)),
  );
  app.put(
    '/api/messaging',
    {
      // Each save asks the provider: bounded like the test mail.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: messagingBody, response: { 200: messagingDto } },
    },
    (req) => messaging.connect(currentUser(req), req.body, byMember(currentMember(req))),
  );
  app.delete('/api/messaging', async (req, reply) => {
    await messaging.disconnect(currentUser(req), byMember(currentMember(req)));
    return reply.status(204).send();
  });
  app.post(
    '/api/messaging/test',
    {
      // Every test is a paid message at the owner's provider.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { body: messagingTestBody, response: { 200: messagingTestResult } },
    },
    (req) => messaging.sendTest(currentUser(req), req.body.phone),
  );
};

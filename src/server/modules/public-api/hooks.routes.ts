import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicCreatedHook,
  publicHookBody,
  publicHookList,
  publicIdParams,
  publicNoContent,
} from '@contracts/public-api';
import { apiCaller, apiKeyRoute } from './api-key-auth';

/**
 * REST-hook subscriptions (docs/PRODUCT.md#public-api) as Zapier and Make use them: subscribe with a
 * URL and the events, unsubscribe by id. A hook is business-wide and delivered like every webhook
 * (modules/webhooks, notifications/notification-delivery.ts).
 */
export const publicHooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;

  app.get(
    '/hooks',
    {
      config: apiKeyRoute(app, 'settings'),
      schema: {
        summary: 'List the business’s hook subscriptions (without their secrets)',
        tags: ['Hooks'],
        response: { 200: publicHookList },
      },
    },
    async (req) => ({ data: await webhooks.listBusinessHooks(apiCaller(req).user), nextCursor: null }),
  );
  app.post(
    '/hooks',
    {
      config: apiKeyRoute(app, 'settings'),
      schema: {
        summary: 'Subscribe a URL to booking and waitlist events of every service',
        description:
          'Every delivery is a signed Standard Webhooks POST (webhook-id, webhook-timestamp, webhook-signature) with the secret of this answer, retried on failure.',
        tags: ['Hooks'],
        body: publicHookBody,
        response: { 201: publicCreatedHook },
      },
    },
    async (req, reply) => {
      const caller = apiCaller(req);
      return reply.status(201).send(await webhooks.subscribe(caller.user, caller.key, req.body));
    },
  );
  app.delete(
    '/hooks/:id',
    {
      config: apiKeyRoute(app, 'settings'),
      schema: {
        summary: 'Unsubscribe a hook (any read-write key of the business may)',
        tags: ['Hooks'],
        params: publicIdParams,
        response: { 204: publicNoContent },
      },
    },
    async (req, reply) => {
      const caller = apiCaller(req);
      await webhooks.unsubscribe(caller.user, caller.key, req.params.id);
      return reply.status(204).send();
    },
  );
};

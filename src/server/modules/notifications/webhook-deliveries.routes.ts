import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@contracts/events';
import { webhookDeliveryDto } from '@contracts/notifications';
import { currentUser } from '../../http/auth-guard';

export const webhookDeliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookDeliveries } = app.services;

  app.get(
    '/api/webhooks/:id/deliveries',
    { schema: { params: idParams, response: { 200: z.array(webhookDeliveryDto) } } },
    (req) => webhookDeliveries.recent(currentUser(req), req.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentIntentBody,
  eventIdParams,
  paymentIntentCreated,
  stripePublicKey,
} from '@contracts/public-booking';

/** Public payment calls of the booking page (docs/PRODUCT.md#api-public); no session, like the other public calls. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.payments;
  // Each intent holds a slot for 15 minutes: limit how many one visitor can hold.
  const holdLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  app.get(
    '/api/public/events/:eventId/stripe-public-key',
    { schema: { params: eventIdParams, response: { 200: stripePublicKey } } },
    (req) => svc.publicKey(req.params.eventId),
  );
  app.post(
    '/api/create-payment-intent',
    { config: holdLimit, schema: { body: createPaymentIntentBody, response: { 201: paymentIntentCreated } } },
    async (req, reply) => reply.status(201).send(await svc.createIntent(req.body)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventIdParams, holdExtended, stripePublicKey, tokenParams } from '@contracts/public-booking';
import {
  seriesPaymentIntentBody,
  seriesPaymentIntentCreated,
  seriesPaymentQuote,
  seriesPaymentQuoteBody,
} from '@contracts/public-series';
import { paymentWebhookRoutes } from './payment-webhook.routes';

/** Public payment calls of the booking page (docs/PRODUCT.md#api-public); no session, like the other public calls. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.payments;
  // Each intent holds a slot for 15 minutes: limit how many one visitor can hold.
  const holdLimit = {
    rateLimit: { max: app.config.holdLimitPerIp, timeWindow: '1 minute' },
    idempotent: true,
  };

  app.get(
    '/api/public/events/:eventId/stripe-public-key',
    { schema: { params: eventIdParams, response: { 200: stripePublicKey } } },
    (req) => svc.publicKey(req.params.eventId),
  );
  // The quote tells whether an e-mail address booked here before: limit how fast anyone can ask.
  app.post(
    '/api/public/events/:eventId/payment-quote',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: eventIdParams, body: seriesPaymentQuoteBody, response: { 200: seriesPaymentQuote } },
    },
    (req) => svc.quote(req.params.eventId, req.body),
  );
  await app.register(paymentWebhookRoutes);
  app.post(
    '/api/create-payment-intent',
    {
      config: holdLimit,
      schema: { body: seriesPaymentIntentBody, response: { 201: seriesPaymentIntentCreated } },
    },
    async (req, reply) => reply.status(201).send(await svc.createIntent(req.body)),
  );
  // The hold's management token is its secret: only the customer who took the hold has it.
  const holdCalls = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post(
    '/api/public/payment-holds/:token/release',
    { config: holdCalls, schema: { params: tokenParams } },
    async (req, reply) => {
      await svc.releaseHold(req.params.token);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/public/payment-holds/:token/extend',
    { config: holdCalls, schema: { params: tokenParams, response: { 200: holdExtended } } },
    (req) => svc.extendHold(req.params.token),
  );
};

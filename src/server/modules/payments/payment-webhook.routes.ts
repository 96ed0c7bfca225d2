import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const params = z.object({ ownerId: z.string().max(64) });

/**
 * The card-payment provider's webhook deliveries (docs/PRODUCT.md#payments). No session: the
 * `Stripe-Signature` header over the raw body is the proof. This plugin is encapsulated, so only this
 * route reads bodies as raw bytes (the signature is over the exact bytes; parsed and re-serialized
 * JSON would not match); every other route keeps the JSON parser.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/webhook/:ownerId',
    {
      // The provider delivers from a few addresses for every owner; a flood beyond this waits for
      // its retries (and the reconciliation).
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { params },
    },
    async (req) => {
      const signature = req.headers['stripe-signature'];
      return payments.webhooks.receive(
        req.params.ownerId,
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
};

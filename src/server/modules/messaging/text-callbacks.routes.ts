import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const params = z.object({ token: z.string().max(200) });
const statusQuery = z.object({ ref: z.string().max(100).optional() });
/** MessageBird's report: `id`, `reference`, `recipient`, `status` (and more, not read); `ref` is ours. */
const reportQuery = z.object({
  id: z.string().max(100).optional(),
  reference: z.string().max(100).optional(),
  recipient: z.string().max(32).optional(),
  status: z.string().max(40).optional(),
  ref: z.string().max(100).optional(),
});
/** A form's fields as the parser below read them (a repeated one keeps the last value). */
const formOf = (body: unknown): Record<string, string> =>
  body && typeof body === 'object' ? (body as Record<string, string>) : {};

/** Twilio's answer to a reply: empty TwiML, nothing sent back to the customer. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * The text-message providers' callbacks (docs/PRODUCT.md#text-messages): no session, the owner's
 * unguessable path token (and Twilio's signature) is the proof. Encapsulated, so only these routes
 * read form posts (Twilio's), and only small ones; the provider calls for every message of every
 * owner from a few addresses, so the limit per address is a webhook's.
 */
export const textCallbacksRoutes: FastifyPluginAsyncZod = async (app) => {
  const callbacks = app.services.textCallbacks;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    // A plain object, so the app's check of unstorable text (http/unstorable-text.ts) reads it too.
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const limit = { rateLimit: { max: 600, timeWindow: '1 minute' } };
  const signed = (req: { url: string; body: unknown; headers: Record<string, unknown> }) => {
    const signature = req.headers['x-twilio-signature'];
    return {
      url: req.url,
      params: formOf(req.body),
      signature: typeof signature === 'string' ? signature : undefined,
    };
  };

  app.post(
    '/api/messaging/twilio/status/:token',
    { config: limit, schema: { params, querystring: statusQuery } },
    async (req, reply) => {
      await callbacks.twilioStatus(req.params.token, req.query.ref ?? null, signed(req));
      return reply.status(200).type('text/xml').send(EMPTY_TWIML);
    },
  );
  app.post(
    '/api/messaging/twilio/inbound/:token',
    { config: limit, schema: { params } },
    async (req, reply) => {
      await callbacks.twilioInbound(req.params.token, signed(req));
      return reply.status(200).type('text/xml').send(EMPTY_TWIML);
    },
  );
  app.get(
    '/api/messaging/messagebird/report/:token',
    { config: limit, schema: { params, querystring: reportQuery } },
    async (req, reply) => {
      await callbacks.messagebirdReport(req.params.token, req.query);
      return reply.status(200).type('text/plain').send('OK');
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyList, apiKeyParams, createApiKeyBody, createdApiKey } from '@contracts/api-keys';
import { currentUser, signedIn } from '../../http/auth-guard';

/** Instellingen › API-sleutels (docs/PRODUCT.md#public-api): the eigenaar's and beheerders' keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.apiKeys;

  app.get('/api/api-keys', { schema: { response: { 200: apiKeyList } } }, (req) =>
    keys.list(currentUser(req)),
  );
  app.post(
    '/api/api-keys',
    { schema: { body: createApiKeyBody, response: { 201: createdApiKey } } },
    async (req, reply) => reply.status(201).send(await keys.create(signedIn(req), req.body)),
  );
  app.delete('/api/api-keys/:id', { schema: { params: apiKeyParams } }, async (req, reply) => {
    await keys.revoke(signedIn(req), req.params.id);
    return reply.status(204).send();
  });
};

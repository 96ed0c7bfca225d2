import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderApiDocs } from './api-docs-page';
import { createV1Registry, openApiDocument, openApiDocumentSchema, type OpenApiDocument } from './openapi';
import { publicApiRoutes } from './public-api.routes';

/** The version of the document (info.version); the API's own version is the /v1 of its path. */
export const OPENAPI_VERSION = '1.0.0';

/**
 * The versioned API with its description (docs/PRODUCT.md#public-api): the /api/v1 routes in their
 * own context, every one of them collected as it is registered, and from them the OpenAPI document
 * (`GET /api/v1/openapi.json`, public, CORS open) and its reference page (`GET /api/docs`). The
 * document is built once, at its first request, when every route is known.
 */
export const versionedApi: FastifyPluginAsyncZod = async (app) => {
  const registry = createV1Registry();
  app.addHook('onRoute', registry.onRoute);

  let doc: OpenApiDocument | undefined;
  const document = () =>
    (doc ??= openApiDocument(registry.routes, { version: OPENAPI_VERSION, appUrl: app.config.appUrl }));

  app.get(
    '/api/v1/openapi.json',
    {
      schema: {
        summary: 'This document (OpenAPI 3.1); no API key needed',
        tags: ['OpenAPI'],
        response: { 200: openApiDocumentSchema },
      },
    },
    async (_req, reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return document();
    },
  );
  await app.register(publicApiRoutes, { prefix: '/api/v1' });

  // The page is in Dutch like the app; the API's field names are English.
  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('content-language', 'nl').send(renderApiDocs(document())),
  );
};

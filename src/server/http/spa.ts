import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import type { ErrorBody } from '@contracts/errors';

/**
 * Serves the Vite build and falls back to index.html for client-side routes (the web router shows
 * the 404 page). Unknown /api paths answer a JSON 404. Hashed assets are cached for a year.
 */
export const spa = fp<{ root: string }>(async (app, { root }) => {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Look files up per request (not a route list fixed at start), so a rebuilt client is served.
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  };
  // To the static handler '/' is a folder it may not list (403 for clients that accept no
  // compressed copy, e.g. curl or a health checker); it is the app's home page.
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    // Unknown API paths and missing asset files are real 404s; any other path is a client route.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)\//.test(request.url);
    if (isPage && hasBuild) return sendIndex(reply);
    const body: ErrorBody = { code: 'NOT_FOUND', message: nl.errors.notFound };
    return reply.status(404).send(body);
  });
});

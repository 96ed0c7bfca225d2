import fp from 'fastify-plugin';
import type { ErrorBody } from '@contracts/errors';
import { nl } from '@contracts/messages';

/**
 * U+0000, and half of a UTF-16 surrogate pair: no one types them, PostgreSQL's text and jsonb
 * cannot hold them, and a search for one fails inside the database (a streamed CSV export would
 * then break off after its header).
 */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string in the value (keys included, at any depth) holds such a character. */
export function hasUnstorableText(value: unknown): boolean {
  // A loop, not recursion: a 256 kB body can nest deeper than the call stack goes.
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return true;
    } else if (Array.isArray(v)) {
      pending.push(...v);
    } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * One check for every route, before its own validation: such a character in the query string or a
 * JSON body is a Dutch 400; in the path it names nothing that exists, a 404 like any malformed id.
 * Uploaded bytes (a logo) are not text and are left alone.
 */
export const unstorableText = fp(async (app) => {
  app.addHook('preValidation', async (request, reply) => {
    if (hasUnstorableText(request.params)) {
      const body: ErrorBody = { code: 'NOT_FOUND', message: nl.errors.notFound };
      return reply.status(404).send(body);
    }
    if (hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
      const body: ErrorBody = { code: 'BAD_REQUEST', message: nl.errors.invalidCharacter };
      return reply.status(400).send(body);
    }
  });
});

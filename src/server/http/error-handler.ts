import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { fieldErrorsFromIssues, type ErrorBody, type ErrorCode } from '@contracts/errors';
import { nl } from '@contracts/messages';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/database-faults';
import { AppError } from './app-error';

/** First Dutch message plus a per-field map, from zod issues. */
function fromIssues(issues: { path: PropertyKey[]; message: string }[]): ErrorBody {
  const fields = fieldErrorsFromIssues(issues);
  const first = issues[0]?.message ?? nl.validation.invalidInput;
  return { code: 'VALIDATION', message: first, fields };
}

/** Fastify's own client errors (bad JSON, body too large, ...) get a Dutch message and their 4xx. */
function fromFastifyClientError(err: FastifyError): { status: number; body: ErrorBody } | null {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const byStatus: Record<number, [ErrorCode, string]> = {
    413: ['PAYLOAD_TOO_LARGE', nl.errors.payloadTooLarge],
    415: ['UNSUPPORTED_MEDIA_TYPE', nl.errors.unsupportedMediaType],
    429: ['RATE_LIMITED', nl.errors.tooManyRequests],
    404: ['NOT_FOUND', nl.errors.notFound],
  };
  const [code, message] = byStatus[status] ?? ['BAD_REQUEST', nl.errors.badRequest];
  return { status, body: { code, message } };
}

/**
 * PostgreSQL's text and jsonb types cannot hold U+0000, and jsonb refuses a lone UTF-16 surrogate
 * ("\ud800"): such a value in a body, path or query string is the client's mistake, refused by the
 * database as invalid input (22021 bad byte sequence, 22P05 unsupported escape, 22P02 invalid
 * syntax). The driver error may sit under a Drizzle query error, hence the cause chain.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05', '22P02']);
function isUnstorableText(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (UNSTORABLE_TEXT.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * One error handler for the whole API: AppErrors and validation errors answer their 4xx with a Dutch
 * message; a database that does not answer is a 503 with `Retry-After`; anything else is logged and
 * answered as a 500 whose text reveals nothing internal.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.details ? { details: err.details } : {}),
      };
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      // A malformed id in the path names nothing that exists: same answer as an unknown id.
      return reply.status(404).send({ code: 'NOT_FOUND', message: nl.errors.notFound } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send(
        fromIssues(
          err.validation.map((v) => ({
            path: v.instancePath.split('/').filter(Boolean),
            message: v.message ?? '',
          })),
        ),
      );
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(fromIssues(err.issues));
    }
    if (!isResponseSerializationError(err)) {
      const client = fromFastifyClientError(err);
      if (client) {
        if (client.status === 429) return reply.status(429).send(client.body);
        request.log.info({ err: { message: err.message, code: err.code } }, 'client error');
        return reply.status(client.status).send(client.body);
      }
    }
    if (isUnstorableText(err)) {
      // Not the message: the driver's includes the query's parameters, i.e. the customer's input.
      request.log.info('client error: text the database cannot store');
      return reply
        .status(400)
        .send({ code: 'BAD_REQUEST', message: nl.errors.badRequest } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) {
      // Expected during a restart, a network cut or a full disk: a warning, and the client may retry.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ code: 'UNAVAILABLE', message: nl.errors.unavailable } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    const body: ErrorBody = { code: 'INTERNAL', message: nl.errors.internal };
    return reply.status(500).send(body);
  });
}

import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/**
 * Management tokens, password reset links and calendar feed addresses travel in paths (API calls,
 * page addresses, e-mail texts, calendar apps' polls); they are secrets and must never reach a log line.
 */
export const redactUrl = (url: string): string =>
  url.replace(/(\/manage\/|\/password-reset\/|\/auth\/reset\/|\/feed\/)[^/?#\s]+/g, '$1[redacted]');

/**
 * Drizzle's query errors carry the statement's parameters in their message ("Failed query: …
 * params: …"), and PostgreSQL's errors name the offending values in `detail` ("Key (email)=(…)
 * already exists"): the customer's name, address, e-mail, a token's hash. Only what identifies the
 * fault is logged: the error's type, its message up to the parameters, its SQLSTATE or errno, the
 * constraint, the stack's frames and, likewise, its cause.
 */
const PARAMS = /\nparams:[\s\S]*$/;
function safeMessage(message: unknown): string {
  return typeof message === 'string' ? message.replace(PARAMS, '') : String(message);
}
interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}
export function safeError(err: unknown, depth = 0): SafeError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const e = err as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    constraint?: unknown;
    stack?: unknown;
    cause?: unknown;
    statusCode?: unknown;
  };
  const message = safeMessage(e.message);
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  return {
    type: typeof e.name === 'string' ? e.name : (err.constructor?.name ?? 'Error'),
    message,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: frames.join('\n'),
    ...(e.cause && depth < 4 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.stripeSecretKey',
        '*.stripeWebhookSecret',
        '*.smtpPassword',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeError,
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/** Accept a proxy's request id when it looks sane, so logs correlate across hops. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

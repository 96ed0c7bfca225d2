import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/**
 * Management tokens, password reset links and calendar feed addresses travel in paths (API calls,
 * page addresses, e-mail texts, calendar apps' polls); they are secrets and must never reach a log line.
 */
export const redactUrl = (url: string): string =>
  url.replace(/(\/manage\/|\/password-reset\/|\/auth\/reset\/|\/feed\/)[^/?#\s]+/g, '$1[redacted]');

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
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/** Accept a proxy's request id when it looks sane, so logs correlate across hops. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

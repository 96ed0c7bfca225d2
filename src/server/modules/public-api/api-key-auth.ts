import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import { can, type MemberAction } from '@core/permissions';
import type { ApiKeyCaller } from '../api-keys/api-keys.service';
import type { BookingViewer } from '../bookings/booking-viewer';
import { apiKeyActorName } from '../api-keys/api-keys.service';
import { AppError } from '../../http/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a versioned API call and the business it acts for. */
    apiKey?: ApiKeyCaller;
  }
  interface FastifyContextConfig {
    /** What a versioned API route needs of a beheerder's rights (core/permissions.ts). */
    apiAction?: MemberAction;
  }
}

/** The role whose rights every key has; a read key has only the reading part of them. */
const KEY_ROLE = 'beheerder';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * A versioned API route's config: the beheerder's action it needs and its rate limit, counted per
 * key (not per address: one integration behind a shared address must not starve another).
 */
export function apiKeyRoute(app: FastifyInstance, action: MemberAction) {
  return {
    apiAction: action,
    rateLimit: {
      max: app.config.apiLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.key.id ?? request.ip}`,
    },
  };
}

/** The key's caller of a versioned API route (set by apiKeyAuth before the handler runs). */
export function apiCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new AppError('UNAUTHORIZED', nl.apiKeys.missing);
  return request.apiKey;
}

/** The key as a booking viewer: a beheerder of every agenda, named 'API-sleutel {naam}' in histories. */
export function apiViewer(caller: ApiKeyCaller): BookingViewer {
  return {
    id: caller.key.id,
    name: apiKeyActorName(caller.key),
    role: KEY_ROLE,
    agendaIds: [],
    apiKey: true,
  };
}

/**
 * The versioned API's door (docs/PRODUCT.md#public-api), registered in the /api/v1 context only:
 * `Authorization: Bearer {key}` and nothing else, no session cookie. Since no cookie is read, a call
 * from another site carries no ambient authority, so CORS is open to every origin (without
 * credentials) and the cross-site check of http/security.ts does not apply. A read key may call only
 * safe methods; every key has at most a beheerder's rights.
 */
export const apiKeyAuth = fp(async (app) => {
  app.decorateRequest('apiKey', undefined);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => m === 'OPTIONS' || m === 'HEAD')) return;
    if (!route.config?.apiAction) throw new Error(`versioned route ${route.url} names no apiAction`);
    // Every write answers a retried `Idempotency-Key` with its first answer, keyed per API key
    // (modules/idempotency/idempotency.plugin.ts): no write route can forget it.
    if (methods.some((m) => !SAFE_METHODS.has(m))) route.config = { ...route.config, idempotent: 'api-key' };
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    reply.header(
      'access-control-expose-headers',
      'Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    );
    // Readable by pages of any origin: the answer is the key holder's, not a signed-in browser's.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });

  // The preflight of a browser calling from another site: allowed without credentials.
  app.options('/*', async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key')
      .header('access-control-max-age', '600')
      .send(),
  );

  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const action = request.routeOptions.config.apiAction;
    // An unknown path answers its 404 without looking at the key.
    if (!action) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', nl.apiKeys.missing);
    const caller = await app.services.apiKeys.authenticate(match[1]);
    if (!caller) throw new AppError('UNAUTHORIZED', nl.apiKeys.invalid);
    if (!SAFE_METHODS.has(request.method) && caller.key.access !== 'read-write')
      throw new AppError('FORBIDDEN', nl.apiKeys.readOnly);
    if (!can(KEY_ROLE, action)) throw new AppError('FORBIDDEN', nl.errors.forbidden);
    request.apiKey = caller;
    request.user = caller.user;
  });
});

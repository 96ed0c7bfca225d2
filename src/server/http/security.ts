import helmet from 'helmet';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import type { ErrorBody } from '@contracts/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Only the public booking pages and business pages (`/p/…`) may be framed by other sites
 * (embedding); the payment pages too, because an embedded booking returns there (also after a card
 * provider's redirect). The manage page is never framed: it can cancel a booking, so it must not be
 * clickjackable.
 */
const FRAMEABLE = /^\/(boek|p|payment)\//;
/** Pages and calls that carry a booking's management token in the path. */
const MANAGE = /^\/(api\/public\/bookings|booking)\/manage\//;
/** A password reset link's page and calls: the token in the path is the owner's credential. */
const PASSWORD_RESET = /^\/(api\/password-reset|auth\/reset)\//;

/**
 * Security headers with a strict CSP, and refusal of state-changing calls that a browser says come
 * from another site. Calls without Origin / Sec-Fetch-Site (curl, server-to-server) are not browsers
 * acting for a signed-in user and pass; SameSite=Lax cookies cover older browsers.
 */
export const security = fp(async (app) => {
  const appOrigin = new URL(app.config.appUrl).origin;

  // One middleware built at start: @fastify/helmet builds a new one for every request (its CSP
  // parsed again each time, a few per cent of a burst's CPU).
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: app.config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: app.config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));

  app.addHook('onSend', async (request, reply, payload) => {
    if (MANAGE.test(request.url) || PASSWORD_RESET.test(request.url)) {
      // The URL itself is the secret: never leak it as a referrer or keep it in a cache.
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
    }
    if (request.url.startsWith('/embed.js')) {
      // The embed script is meant to be loaded by the owner's own website.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    if (FRAMEABLE.test(request.url)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The versioned API reads no cookie, only its Authorization header: a page of another site has
    // no credential to ride on, so its calls are allowed (modules/public-api/api-key-auth.ts, open CORS).
    if (request.url.startsWith('/api/v1/')) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossSite =
      (typeof site === 'string' && site !== 'same-origin' && site !== 'none') ||
      (typeof origin === 'string' && origin !== appOrigin && origin !== ownOrigin);
    if (crossSite) {
      const body: ErrorBody = { code: 'CROSS_SITE', message: nl.errors.forbiddenCrossSite };
      return reply.status(403).send(body);
    }
  });
});

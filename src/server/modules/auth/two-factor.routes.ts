import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, publicUser } from '@contracts/auth';
import {
  recoveryCodesResponse,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorLoginBody,
  twoFactorSetupResponse,
} from '@contracts/two-factor';
import { signedIn } from '../../http/auth-guard';
import { readSessionToken, setSessionCookie } from '../../http/session-cookie';
import { toPublicUser } from '../users/public-user';

/**
 * The routes that check a code against recovery codes, per address per 15 minutes (the per-username
 * lockout of 10 failures counts their wrong codes too).
 */
export const CODE_CHECKS_PER_IP = 30;
const LIMIT_WINDOW = '15 minutes';

/** docs/PRODUCT.md#two-step-sign-in. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { twoFactor, paymentKeys } = app.services;

  app.post(
    '/api/user/2fa/setup',
    { schema: { response: { 200: twoFactorSetupResponse } } },
    async (request) => twoFactor.setup(signedIn(request)),
  );

  app.post(
    '/api/user/2fa/enable',
    {
      schema: { body: twoFactorEnableBody, response: { 200: recoveryCodesResponse } },
    },
    async (request) => twoFactor.enable(signedIn(request), request.body.code),
  );

  app.post(
    '/api/user/2fa/disable',
    {
      config: { rateLimit: { max: CODE_CHECKS_PER_IP, timeWindow: LIMIT_WINDOW } },
      schema: { body: twoFactorDisableBody, response: { 200: okResponse } },
    },
    async (request) => {
      await twoFactor.disable(signedIn(request), request.body);
      return { ok: true as const };
    },
  );

  // The cookie holds the pending sign-in of POST /api/login; it is replaced by the session's.
  app.post(
    '/api/login/2fa',
    {
      config: { rateLimit: { max: CODE_CHECKS_PER_IP, timeWindow: LIMIT_WINDOW } },
      schema: { body: twoFactorLoginBody, response: { 200: publicUser } },
    },
    async (request, reply) => {
      const session = await twoFactor.signIn(readSessionToken(request, app.config), request.body.code);
      setSessionCookie(reply, app.config, session.token, session.expiresAt, app.services.clock());
      return toPublicUser(session, paymentKeys);
    },
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBody,
  okResponse,
  passwordBody,
  passwordResetBody,
  passwordResetParams,
  passwordResetRequestBody,
  profileBody,
  publicUser,
  registerBody,
  twoFactorRequiredResponse,
} from '@contracts/auth';
import { currentMember, signedIn } from '../../http/auth-guard';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie';
import { toPublicUser } from '../users/public-user';

/**
 * Per-IP limits on the credential endpoints (documented in README): login 20 and register 10
 * attempts per 15 minutes. The per-username limit sits in the auth service.
 */
const LIMIT_WINDOW = '15 minutes';
/** Password reset per IP per 15 minutes: requests for a link, and uses of one (check + set). */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_USES_PER_IP = 30;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, passwordReset, paymentKeys } = app.services;

  app.get('/api/user', { schema: { response: { 200: publicUser } } }, async (request) =>
    toPublicUser(signedIn(request), paymentKeys),
  );

  app.post(
    '/api/register',
    {
      config: { rateLimit: { max: app.config.registerLimitPerIp, timeWindow: LIMIT_WINDOW } },
      schema: { body: registerBody, response: { 201: publicUser } },
    },
    async (request, reply) => {
      const session = await auth.register(request.body);
      setSessionCookie(reply, app.config, session.token, session.expiresAt, app.services.clock());
      return reply.status(201).send(toPublicUser(session, paymentKeys));
    },
  );

  app.post(
    '/api/login',
    {
      config: { rateLimit: { max: 20, timeWindow: LIMIT_WINDOW } },
      schema: { body: loginBody, response: { 200: z.union([publicUser, twoFactorRequiredResponse]) } },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, readSessionToken(request, app.config));
      // With two-step sign-in the cookie holds the pending sign-in, which is no session yet.
      setSessionCookie(reply, app.config, session.token, session.expiresAt, app.services.clock());
      if ('twoFactorRequired' in session) return { twoFactorRequired: true as const };
      return toPublicUser(session, paymentKeys);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    await auth.logout(readSessionToken(request, app.config));
    clearSessionCookie(reply, app.config);
    return { ok: true as const };
  });

  app.patch(
    '/api/user/profile',
    { schema: { body: profileBody, response: { 200: publicUser } } },
    async (request) =>
      toPublicUser(await auth.updateProfile(signedIn(request), request.body.email), paymentKeys),
  );

  app.patch(
    '/api/user/password',
    { schema: { body: passwordBody, response: { 200: okResponse } } },
    async (request) => {
      await auth.changePassword(
        currentMember(request).id,
        request.body,
        readSessionToken(request, app.config) ?? '',
      );
      return { ok: true as const };
    },
  );

  // docs/PRODUCT.md#password-reset: the same 202 whether or not the account exists.
  app.post(
    '/api/password-reset',
    {
      config: { rateLimit: { max: RESET_REQUESTS_PER_IP, timeWindow: LIMIT_WINDOW } },
      schema: { body: passwordResetRequestBody, response: { 202: okResponse } },
    },
    async (request, reply) => {
      await passwordReset.request(request.body.usernameOrEmail);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.get(
    '/api/password-reset/:token',
    {
      config: { rateLimit: { max: RESET_USES_PER_IP, timeWindow: LIMIT_WINDOW } },
      schema: { params: passwordResetParams, response: { 200: okResponse } },
    },
    async (request) => {
      await passwordReset.check(request.params.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset/:token',
    {
      config: { rateLimit: { max: RESET_USES_PER_IP, timeWindow: LIMIT_WINDOW } },
      schema: { params: passwordResetParams, body: passwordResetBody, response: { 200: okResponse } },
    },
    async (request, reply) => {
      await passwordReset.reset(request.params.token, request.body.newPassword);
      // Every session of the owner ended, this browser's too.
      clearSessionCookie(reply, app.config);
      return { ok: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, okResponse, passwordBody, profileBody, publicUser, registerBody } from '@contracts/auth';
import { currentUser } from '../../http/auth-guard';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie';
import { toPublicUser } from '../users/public-user';

/**
 * Per-IP limits on the credential endpoints (documented in README): login 20 and register 10
 * attempts per 15 minutes. The per-username limit sits in the auth service.
 */
const LIMIT_WINDOW = '15 minutes';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, paymentKeys } = app.services;

  app.get(
    '/api/user',
    { preHandler: app.requireUser, schema: { response: { 200: publicUser } } },
    async (request) => toPublicUser(currentUser(request), paymentKeys),
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
      return reply.status(201).send(toPublicUser(session.user, paymentKeys));
    },
  );

  app.post(
    '/api/login',
    {
      config: { rateLimit: { max: 20, timeWindow: LIMIT_WINDOW } },
      schema: { body: loginBody, response: { 200: publicUser } },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, readSessionToken(request, app.config));
      setSessionCookie(reply, app.config, session.token, session.expiresAt, app.services.clock());
      return toPublicUser(session.user, paymentKeys);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    await auth.logout(readSessionToken(request, app.config));
    clearSessionCookie(reply, app.config);
    return { ok: true as const };
  });

  app.patch(
    '/api/user/profile',
    { preHandler: app.requireUser, schema: { body: profileBody, response: { 200: publicUser } } },
    async (request) =>
      toPublicUser(await auth.updateProfile(currentUser(request).id, request.body.email), paymentKeys),
  );

  app.patch(
    '/api/user/password',
    { preHandler: app.requireUser, schema: { body: passwordBody, response: { 200: okResponse } } },
    async (request) => {
      await auth.changePassword(
        currentUser(request).id,
        request.body,
        readSessionToken(request, app.config) ?? '',
      );
      return { ok: true as const };
    },
  );
};

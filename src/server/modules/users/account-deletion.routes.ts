import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionBody, accountDeletionSummary } from '@contracts/account-deletion';
import { okResponse } from '@contracts/auth';
import { currentUser, signedIn } from '../../http/auth-guard';
import { clearSessionCookie } from '../../http/session-cookie';

/** docs/PRODUCT.md#account-deletion. The password check is limited per client like login (20 per 15 minutes). */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountDeletion } = app.services;

  app.get(
    '/api/user/deletion-summary',
    { schema: { response: { 200: accountDeletionSummary } } },
    async (request) => accountDeletion.summary(currentUser(request)),
  );

  app.delete(
    '/api/user',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: { body: accountDeletionBody, response: { 200: okResponse } },
    },
    async (request, reply) => {
      await accountDeletion.deleteAccount(signedIn(request), request.body.password);
      // Every session of the owner went with the user row; the browser forgets its cookie too.
      clearSessionCookie(reply, app.config);
      return { ok: true as const };
    },
  );
};

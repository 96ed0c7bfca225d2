import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import type { UserRow } from '../db/schema';
import { AppError } from './app-error';
import { readSessionToken } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; owner routes read it instead of trusting any id from the client. */
    user?: UserRow;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Adds `app.requireUser`, a preHandler that answers 401 unless the session cookie is live. */
export const authGuard = fp(async (app) => {
  app.decorateRequest('user', undefined);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await app.services.auth.resolve(readSessionToken(request, app.config));
    if (!user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
    request.user = user;
  });
});

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
  return request.user;
}

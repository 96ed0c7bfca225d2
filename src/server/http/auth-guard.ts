import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import { can } from '@core/permissions';
import type { UserRow } from '../db/schema';
import type { SignedIn } from './signed-in';
import { AppError } from './app-error';
import { permissionOf } from './route-permissions';
import { readSessionToken } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by `requireUser`: the business's row, which owner routes act for instead of trusting any
     * id from the client.
     */
    user?: UserRow;
    /** Set by `requireUser`: the member signed in, their role and linked agendas. */
    member?: SignedIn['member'];
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Adds `app.requireUser`, a preHandler that answers 401 unless the session cookie is live, and 403
 * unless the member's role may do what the route does (route-permissions.ts). While the business
 * requires two-step sign-in and the member has not set it up, only the routes that set it up answer.
 */
export const authGuard = fp(async (app) => {
  app.decorateRequest('user', undefined);
  app.decorateRequest('member', undefined);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const signedIn = await app.services.auth.resolve(readSessionToken(request, app.config));
    if (!signedIn) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
    const { user, member } = signedIn;
    const permission = permissionOf(request.method, request.routeOptions.url ?? '');
    if (permission === 'public') throw new Error(`${request.routeOptions.url} is public but guarded`);
    if (user.requireTwoFactor && !member.totpEnabledAt && !permission.duringTwoFactorSetup)
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', nl.errors.twoFactorSetupRequired);
    if (!can(member.role, permission.action)) throw new AppError('FORBIDDEN', nl.errors.forbidden);
    request.user = user;
    request.member = member;
  });
});

/** The business of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
  return request.user;
}

/** The member signed in on a route guarded by `requireUser`. */
export function currentMember(request: FastifyRequest): SignedIn['member'] {
  if (!request.member) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
  return request.member;
}

/** Both: the business and the member acting for it. */
export function signedIn(request: FastifyRequest): SignedIn {
  return { user: currentUser(request), member: currentMember(request) };
}

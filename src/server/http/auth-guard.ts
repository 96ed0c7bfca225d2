import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import { can } from '@core/permissions';
import type { UserRow } from '../db/schema';
import type { SignedIn } from './signed-in';
import { AppError } from './app-error';
import { inPermissionTable, permissionOf } from './route-permissions';
import { readSessionToken } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The business's row of a signed-in route, which owner routes act for instead of trusting any id
     * from the client.
     */
    user?: UserRow;
    /** The member signed in on a signed-in route, their role and linked agendas. */
    member?: SignedIn['member'];
  }
}

/**
 * The one sign-in and role check of every route: a route the permissions table
 * (route-permissions.ts) does not call `public` answers 401 unless the session cookie is live, and
 * 403 unless the member's role may do what the route needs. It runs before the body is validated,
 * so a refused role learns nothing from a 400. While the business requires two-step sign-in and the
 * member has not set it up, only the routes that set it up answer.
 */
export const authGuard = fp(async (app) => {
  app.decorateRequest('user', undefined);
  app.decorateRequest('member', undefined);
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !inPermissionTable(url)) return;
    const permission = permissionOf(request.method, url);
    if (permission === 'public') return;
    const signedIn = await app.services.auth.resolve(readSessionToken(request, app.config));
    if (!signedIn) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
    const { user, member } = signedIn;
    if (user.requireTwoFactor && !member.totpEnabledAt && !permission.duringTwoFactorSetup)
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', nl.errors.twoFactorSetupRequired);
    if (!can(member.role, permission.action)) throw new AppError('FORBIDDEN', nl.errors.forbidden);
    request.user = user;
    request.member = member;
  });
});

/** The business of a signed-in route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
  return request.user;
}

/** The member signed in on a signed-in route. */
export function currentMember(request: FastifyRequest): SignedIn['member'] {
  if (!request.member) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
  return request.member;
}

/** Both: the business and the member acting for it. */
export function signedIn(request: FastifyRequest): SignedIn {
  return { user: currentUser(request), member: currentMember(request) };
}

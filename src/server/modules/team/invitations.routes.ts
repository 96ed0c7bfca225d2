import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser } from '@contracts/auth';
import { acceptInvitationBody, invitationTokenParams, publicInvitation } from '@contracts/team';
import { setSessionCookie } from '../../http/session-cookie';
import { toPublicUser } from '../users/public-user';

/**
 * Uses of invitation links per address per 15 minutes, on each of the two calls (counted per route,
 * as every limit here is: the password reset link's too).
 */
export const INVITATION_USES_PER_IP = 30;
const LIMIT_WINDOW = '15 minutes';

/** docs/PRODUCT.md#team: the invitation page's calls, without a session. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations, paymentKeys } = app.services;
  const rateLimit = { max: INVITATION_USES_PER_IP, timeWindow: LIMIT_WINDOW };

  app.get(
    '/api/public/invitations/:token',
    { config: { rateLimit }, schema: { params: invitationTokenParams, response: { 200: publicInvitation } } },
    (req) => invitations.show(req.params.token),
  );

  // Signs the new member in as register does: the session cookie and the current user.
  app.post(
    '/api/public/invitations/:token/accept',
    {
      config: { rateLimit },
      schema: { params: invitationTokenParams, body: acceptInvitationBody, response: { 201: publicUser } },
    },
    async (req, reply) => {
      const session = await invitations.accept(req.params.token, req.body);
      setSessionCookie(reply, app.config, session.token, session.expiresAt, app.services.clock());
      return reply.status(201).send(toPublicUser(session, paymentKeys));
    },
  );
};

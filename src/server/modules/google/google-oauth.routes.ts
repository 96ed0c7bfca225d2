import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { okResponse } from '@contracts/auth';
import { currentMember, currentUser } from '../../http/auth-guard';
import type { GrantKind } from '../../integrations/google/google-client';
import { RESULT, type OAuthPending } from './google-connect';
import { byMember } from '../activity/activity.repo';

const COOKIE = 'g_oauth';
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/**
 * Browser redirects of the Google connection (docs/PRODUCT.md#api-owner-bookings): `/api/{google,gmail}/auth` sends the
 * owner to Google's consent screen, `/callback` stores the grant and returns to /settings with the
 * spec's result parameter. State and the PKCE verifier travel in a signed, HttpOnly, 10-minute
 * cookie scoped to the callback paths.
 */
export const googleOAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { googleConnect } = app.services;
  const secure = app.config.secureCookies;

  function readPending(req: FastifyRequest): OAuthPending | null {
    const raw = req.cookies[COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : null;
    if (!unsigned?.valid || !unsigned.value) return null;
    try {
      return JSON.parse(unsigned.value) as OAuthPending;
    } catch {
      return null;
    }
  }

  for (const kind of ['google', 'gmail'] as const satisfies GrantKind[]) {
    const path = `/api/${kind}`;
    app.get(`${path}/auth`, async (req, reply: FastifyReply) => {
      const started = googleConnect.start(currentUser(req), kind);
      if (!started) return reply.redirect(`/settings?error=${RESULT[kind].error}`);
      reply.setCookie(COOKIE, JSON.stringify(started.pending), {
        path,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(started.url);
    });

    app.get(`${path}/callback`, { schema: { querystring: callbackQuery } }, async (req, reply) => {
      const result = await googleConnect.finish(
        currentUser(req),
        kind,
        readPending(req),
        req.query,
        byMember(currentMember(req)),
      );
      reply.clearCookie(COOKIE, { path, httpOnly: true, sameSite: 'lax', secure });
      return reply.redirect(`/settings?${result}`);
    });

    app.post(`${path}/disconnect`, { schema: { response: { 200: okResponse } } }, async (req) => {
      await googleConnect.disconnect(currentUser(req), kind, byMember(currentMember(req)));
      return { ok: true as const };
    });
  }
};

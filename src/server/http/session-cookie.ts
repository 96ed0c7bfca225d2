import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** `__Host-` prefix (requires Secure, path /, no domain) whenever the app is served over https. */
export const sessionCookieName = (config: AppConfig) => (config.secureCookies ? '__Host-sid' : 'sid');

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  const raw = request.cookies[sessionCookieName(config)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/**
 * The cookie lasts as long as the session. Max-Age (which browsers prefer over Expires) says so
 * relative to the moment it arrives, so a browser whose clock differs from the app's (a test clock
 * on another day, a phone set wrong) keeps it for the same time instead of dropping it at once.
 */
export function setSessionCookie(
  reply: FastifyReply,
  config: AppConfig,
  token: string,
  expiresAt: Date,
  now: Date,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    expires: expiresAt,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

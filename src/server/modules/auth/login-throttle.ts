import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { rateLimitHitsRepo } from '../rate-limits/rate-limit-hits.repo';

/**
 * Failed-login counter per username (the per-IP limit is @fastify/rate-limit on the route).
 * After LOGIN_MAX_FAILURES failures within LOGIN_WINDOW_MS of the first, the username is refused
 * until the window passes, which stops password guessing against one account from many addresses.
 * Kept in the database's rate_limit_hits, so every instance counts the same failures. The key is a
 * hash: what someone typed as a username (perhaps a password) is not stored.
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function createLoginThrottle(db: Db, now: () => Date) {
  const key = (username: string) => `login:${sha256(username.trim().toLowerCase())}`;
  return {
    isBlocked: async (username: string) =>
      (await rateLimitHitsRepo.count(db, key(username), now())) >= LOGIN_MAX_FAILURES,
    fail: async (username: string) =>
      void (await rateLimitHitsRepo.hit(db, key(username), now(), LOGIN_WINDOW_MS)),
    succeed: (username: string) => rateLimitHitsRepo.clear(db, key(username)),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

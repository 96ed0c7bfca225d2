/**
 * Failed-login counter per username (the per-IP limit is @fastify/rate-limit on the route).
 * After MAX_FAILURES failures within WINDOW_MS the username is refused until the window passes,
 * which stops password guessing against one account from many addresses.
 * In-memory per process: with several instances the effective limit is MAX_FAILURES per instance.
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function createLoginThrottle(now: () => number = Date.now) {
  const failures = new Map<string, { count: number; firstAt: number }>();
  const key = (username: string) => username.trim().toLowerCase();
  const live = (username: string) => {
    const entry = failures.get(key(username));
    if (entry && now() - entry.firstAt > LOGIN_WINDOW_MS) {
      failures.delete(key(username));
      return undefined;
    }
    return entry;
  };
  return {
    isBlocked: (username: string) => (live(username)?.count ?? 0) >= LOGIN_MAX_FAILURES,
    fail(username: string) {
      const entry = live(username);
      if (entry) entry.count++;
      else failures.set(key(username), { count: 1, firstAt: now() });
      if (failures.size > 100_000) failures.clear(); // bound memory under a username-spraying attack
    },
    succeed: (username: string) => void failures.delete(key(username)),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

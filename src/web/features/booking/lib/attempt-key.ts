import { isApiError } from '@web/lib/api-client';

/**
 * One `Idempotency-Key` per booking attempt: the same request body sent again before it got a
 * definite answer (the network dropped it, the server was briefly unavailable) reuses its key, so
 * the server answers the first result instead of booking twice or calling the customer's own
 * booking taken. A definite answer (2xx or 4xx) ends the attempt; the next try gets a new key.
 */
const open = new Map<string, string>();

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Whether a failure left it unknown what the server did (no answer, a proxy's page without our
 * code, the database briefly away, an internal error): the same attempt may be sent again.
 */
const undecided = (error: unknown) =>
  !isApiError(error) ||
  error.code === undefined ||
  error.code === 'UNAVAILABLE' ||
  error.code === 'INTERNAL' ||
  error.code === 'RATE_LIMITED';

/** Sends `send(key)` for `body`, once more after a brief pause when the answer never came. */
export async function withAttemptKey<T>(
  scope: string,
  body: unknown,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const id = `${scope} ${JSON.stringify(body)}`;
  let key = open.get(id);
  if (!key) open.set(id, (key = newKey()));
  const headers = { 'Idempotency-Key': key };
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await send(headers);
      open.delete(id);
      return result;
    } catch (error) {
      if (!undecided(error)) open.delete(id);
      if (attempt >= 1 || !undecided(error)) throw error;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

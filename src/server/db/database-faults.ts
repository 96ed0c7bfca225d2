/**
 * Whether an error means "the database did not answer" rather than "the statement was wrong": the
 * request was fine and may be retried once the database is back (a 503, never a 500).
 *
 * - SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot
 *   connect now), 53xxx (insufficient resources: disk full, out of memory, too many connections),
 *   57014 (statement cancelled: our statement timeout).
 * - The driver's own failures: a socket that was refused, reset or timed out, and node-postgres'
 *   messages for a connection that ended or a pool that could not connect in time.
 * - PGlite reports a full disk through the file system (ENOSPC) or PostgreSQL's 53100.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53...|57014)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|No space left on device|could not extend file|PGlite is closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before it retries a request refused while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

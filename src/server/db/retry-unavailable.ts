import { isDatabaseUnavailable } from './database-faults';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2_000;

/**
 * Runs `write` again while it fails because the database did not answer (a restart, a short cut),
 * for up to `forMs`, then gives up with its last error; any other error at once. For a write that
 * records something that already happened outside the database (an e-mail went out, an answer was
 * given): failing it would make whoever retries the whole step do that thing a second time.
 */
export async function retryWhileUnavailable<T>(
  write: () => Promise<T>,
  {
    forMs,
    sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
    onRetry,
  }: { forMs: number; sleep?: (ms: number) => Promise<unknown>; onRetry?: (err: unknown) => void },
): Promise<T> {
  const deadline = Date.now() + forMs;
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await write();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + delay > deadline) throw err;
      onRetry?.(err);
      await sleep(delay);
    }
  }
}

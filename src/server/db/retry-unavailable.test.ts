import { describe, expect, it } from 'vitest';
import { retryWhileUnavailable } from './retry-unavailable';

const unavailable = () => Object.assign(new Error('Connection terminated unexpectedly'), {});
const noWait = () => Promise.resolve();

describe('retryWhileUnavailable', () => {
  it('tries again while the database does not answer, then returns the result', async () => {
    let calls = 0;
    const retried: unknown[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        if (++calls < 3) throw unavailable();
        return 'recorded';
      },
      { forMs: 10_000, sleep: noWait, onRetry: (err) => retried.push(err) },
    );
    expect(result).toBe('recorded');
    expect(calls).toBe(3);
    expect(retried).toHaveLength(2);
  });

  it('fails at once on any other error: a wrong statement does not get better', async () => {
    let calls = 0;
    const wrong = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryWhileUnavailable(
        async () => {
          calls++;
          throw wrong;
        },
        { forMs: 10_000, sleep: noWait },
      ),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('gives up with the last error once its time is spent', async () => {
    let calls = 0;
    const started = Date.now();
    await expect(
      retryWhileUnavailable(
        async () => {
          calls++;
          throw unavailable();
        },
        { forMs: 600 },
      ),
    ).rejects.toThrow(/Connection terminated/);
    // 250 ms, then the next delay (500 ms) would pass the deadline.
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { withAttemptKey } from './attempt-key';

const unavailable = () =>
  new ApiError(503, 'Service Unavailable', JSON.stringify({ code: 'UNAVAILABLE', message: 'weg' }));
const taken = () => new ApiError(409, 'Conflict', JSON.stringify({ code: 'SLOT_TAKEN', message: 'bezet' }));

describe('withAttemptKey', () => {
  it('sends the same key again after an answer that never came, and a new one after a definite answer', async () => {
    const keys: string[] = [];
    const body = { eventId: 'e', bookingTime: '10:00' };
    let calls = 0;
    const result = await withAttemptKey('booking', body, async (h) => {
      keys.push(h['Idempotency-Key']!);
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return 'geboekt';
    });
    expect(result).toBe('geboekt');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    await withAttemptKey('booking', body, async (h) => keys.push(h['Idempotency-Key']!));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a refusal is definite: not sent again, and the next try has a new key', async () => {
    const keys: string[] = [];
    const body = { eventId: 'e', bookingTime: '11:00' };
    await expect(
      withAttemptKey('booking', body, async (h) => {
        keys.push(h['Idempotency-Key']!);
        throw taken();
      }),
    ).rejects.toThrow();
    await withAttemptKey('booking', body, async (h) => keys.push(h['Idempotency-Key']!));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('two undecided answers give up but keep the key for the customer’s own next click', async () => {
    const keys: string[] = [];
    const body = { eventId: 'e', bookingTime: '12:00' };
    const send = async (h: Record<string, string>) => {
      keys.push(h['Idempotency-Key']!);
      throw unavailable();
    };
    await expect(withAttemptKey('booking', body, send)).rejects.toThrow();
    await expect(withAttemptKey('booking', body, send)).rejects.toThrow();
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(4);
  });
});

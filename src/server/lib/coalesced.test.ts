import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

/** A `many` that records its batches and answers each key doubled once `release` is called. */
function recorder() {
  const batches: number[][] = [];
  const waiting: Array<() => void> = [];
  const many = (keys: number[]) => {
    batches.push(keys);
    return new Promise<number[]>((resolve) => waiting.push(() => resolve(keys.map((k) => k * 2))));
  };
  const releaseAll = () => waiting.splice(0).forEach((release) => release());
  return { batches, many, releaseAll };
}

describe('coalesced', () => {
  it('answers the calls of one turn in one batch, each its own value', async () => {
    const { batches, many, releaseAll } = recorder();
    const load = coalesced(many);
    const answers = Promise.all([load(1), load(2), load(3)]);
    await new Promise((r) => setImmediate(r));
    releaseAll();
    expect(await answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls made while a batch runs into the next one', async () => {
    const { batches, many, releaseAll } = recorder();
    const load = coalesced(many);
    const first = load(1);
    await new Promise((r) => setImmediate(r));
    const later = [load(2), load(3)];
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    releaseAll();
    expect(await first).toBe(2);
    await new Promise((r) => setImmediate(r));
    releaseAll();
    expect(await Promise.all(later)).toEqual([4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails every call of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const load = coalesced(async (keys: number[]) => {
      if (fail) throw new Error('stuk');
      return keys;
    });
    const failed = await Promise.allSettled([load(1), load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(3)).toBe(3);
  });
});

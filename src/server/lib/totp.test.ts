import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  isTotpShaped,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp';

// RFC 6238 appendix B, the SHA-1 rows: the key is the ASCII "12345678901234567890"; the RFC prints
// 8 digits, a 6-digit code is their last six.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SHA1: ReadonlyArray<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it.each(RFC_SHA1)('matches RFC 6238 at T=%i', (seconds, eight) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(hotp(RFC_KEY, step, 8)).toBe(eight);
    expect(hotp(RFC_KEY, step)).toBe(eight.slice(2));
    expect(totpCode(base32Encode(RFC_KEY), step)).toBe(eight.slice(2));
  });

  it('matches RFC 4226 appendix D (HOTP) for the first counters', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('encodes base32 as RFC 4648 does', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('makes 160-bit secrets of 32 base32 characters, different each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts a code one step either side and answers its step, not two steps away', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-12-02T10:00:15Z');
    const now = totpStep(at);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(secret, totpCode(secret, now + offset), at)).toBe(now + offset);
    for (const offset of [-2, 2])
      expect(matchTotp(secret, totpCode(secret, now + offset), at)).toBeUndefined();
    expect(matchTotp(secret, '12345', at)).toBeUndefined();
    expect(matchTotp(secret, '', at)).toBeUndefined();
    const code = totpCode(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(now);
  });

  it('writes the otpauth address authenticator apps read', () => {
    expect(otpauthUrl('anna', 'ABC')).toBe(
      'otpauth://totp/Afspraakplanner:anna?secret=ABC&issuer=Afspraakplanner&algorithm=SHA1&digits=6&period=30',
    );
    expect(otpauthUrl('zoë', 'ABC')).toContain('Afspraakplanner:zo%C3%AB?');
  });

  it('tells an app code from a recovery code', () => {
    expect(isTotpShaped('123456')).toBe(true);
    expect(isTotpShaped('123 456')).toBe(true);
    expect(isTotpShaped('abcd-2345')).toBe(false);
    expect(isTotpShaped('1234567')).toBe(false);
  });

  it('makes recovery codes of a clear alphabet, compared without case, dash or spaces', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(normalizeRecoveryCode(' ABCD-efgh ')).toBe('abcdefgh');
    expect(normalizeRecoveryCode('abcd efgh')).toBe('abcdefgh');
  });
});

describe('totp (properties)', () => {
  it('base32 round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
  });

  it('a code made for any secret and time is accepted at that time, for that step, and is six digits', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.integer({ min: 60_000, max: 4_102_444_800_000 }),
        fc.integer({ min: -1, max: 1 }),
        (bytes, ms, offset) => {
          const secret = base32Encode(bytes);
          const at = new Date(ms);
          const step = totpStep(at) + offset;
          const code = totpCode(secret, step);
          expect(code).toMatch(/^\d{6}$/);
          // Another step of the window may share the code by chance (1 in a million): then the
          // earliest matching one is answered.
          const matched = matchTotp(secret, code, at);
          expect(matched).toBeDefined();
          expect(matched!).toBeLessThanOrEqual(step);
          expect(totpCode(secret, matched!)).toBe(code);
        },
      ),
    );
  });
});

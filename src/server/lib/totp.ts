import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as authenticator apps make them:
 * HMAC-SHA1, 6 digits, 30-second steps, a base32 secret of 20 random bytes (160 bits, RFC 4226's
 * recommended length). Pure apart from the random secret; the caller hands in the time.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
const SECRET_BYTES = 20;
const ISSUER = 'Afspraakplanner';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what otpauth URLs and authenticator apps expect). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Base32 as people type it: any case, spaces and padding ignored. Throws on another character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('Not a base32 string');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes in base32 (32 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** The time step of an instant: whole periods since the Unix epoch. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** RFC 4226 HOTP of a raw key and counter, `digits` long with leading zeros. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The code of a base32 secret at a time step. */
export const totpCode = (secret: string, step: number): string => hotp(base32Decode(secret), step);

/**
 * The time step whose code `code` is, looking `window` steps either side of `at` (clocks of phones
 * drift, and a code typed at the end of its period arrives in the next), or undefined. Every
 * candidate is compared in constant time and none is skipped, so the answer's timing tells nothing.
 * Whether that step was already used is the caller's (members.totp_last_step).
 */
export function matchTotp(secret: string, code: string, at: Date, window = 1): number | undefined {
  const typed = Buffer.from(code.replace(/\s/g, ''));
  const key = base32Decode(secret);
  const now = totpStep(at);
  let matched: number | undefined;
  for (let step = Math.max(0, now - window); step <= now + window; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (typed.length === expected.length && timingSafeEqual(typed, expected) && matched === undefined)
      matched = step;
  }
  return matched;
}

/** The address an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUrl(username: string, secret: string): string {
  return (
    `otpauth://totp/${ISSUER}:${encodeURIComponent(username)}?secret=${secret}` +
    `&issuer=${ISSUER}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`
  );
}

/** Whether what was typed looks like an app's code (six digits, spaces allowed) rather than a recovery code. */
export const isTotpShaped = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * Recovery codes: `xxxx-xxxx` from an alphabet without look-alikes (no 0/o, 1/l/i), about 40 bits
 * each; spent once, guessed against the per-username and per-address limits.
 */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A recovery code as stored (hashed) and compared: lower case, without the dash or spaces. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). 2 = Algorithm.Argon2id (a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS as never);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified against when the username does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-but-same-cost');
  return dummyHash.then((h) => verifyPassword(h, password));
}

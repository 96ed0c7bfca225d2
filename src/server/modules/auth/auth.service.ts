import type { LoginBody, PasswordBody } from '@contracts/auth';
import { registerBody, type RegisterBody } from '@contracts/auth';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { usersRepo } from '../users/users.repo';
import { createLoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { sessionsRepo } from './sessions.repo';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface NewSession {
  token: string; // goes into the cookie only
  user: UserRow;
  expiresAt: Date;
}

export interface AuthOptions {
  now: () => Date;
  /** Runs in the registration transaction, e.g. to give the owner default e-mail templates. */
  onRegistered?: (tx: Db, userId: string) => Promise<unknown>;
}

export function createAuthService(db: Db, opts: AuthOptions) {
  const { now } = opts;
  const throttle = createLoginThrottle(db, now);
  const invalid = () => new AppError('INVALID_CREDENTIALS', nl.errors.invalidCredentials);

  async function startSession(user: UserRow): Promise<NewSession> {
    const token = randomToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await sessionsRepo.insert(db, { id: sha256(token), userId: user.id, expiresAt, createdAt: at });
    return { token, user, expiresAt };
  }

  return {
    async register(input: RegisterBody): Promise<NewSession> {
      const body = registerBody.parse(input);
      const existing = await usersRepo.findByUsername(db, body.username);
      if (existing)
        throw new AppError('CONFLICT', nl.errors.usernameTaken, { username: nl.errors.usernameTaken });
      const password = await hashPassword(body.password);
      // The unique index decides when two registrations race for one name.
      const user = await db.transaction(async (tx) => {
        const row = await usersRepo.insert(tx, {
          username: body.username,
          password,
          email: body.email,
          createdAt: now(),
        });
        if (row) await opts.onRegistered?.(tx, row.id);
        return row;
      });
      if (!user)
        throw new AppError('CONFLICT', nl.errors.usernameTaken, { username: nl.errors.usernameTaken });
      return startSession(user);
    },

    /** Same message and (roughly) the same time for an unknown user and a wrong password. */
    async login(body: LoginBody, previousToken?: string): Promise<NewSession> {
      if (await throttle.isBlocked(body.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      const user = await usersRepo.findByUsername(db, body.username);
      const ok = user
        ? await verifyPassword(user.password, body.password)
        : await burnPasswordCheck(body.password);
      if (!user || !ok) {
        await throttle.fail(body.username);
        throw invalid();
      }
      await throttle.succeed(body.username);
      // Rotate: a session id known before login (fixation) is dropped.
      if (previousToken) await sessionsRepo.delete(db, sha256(previousToken));
      return startSession(user);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessionsRepo.delete(db, sha256(token));
    },

    /** The signed-in user for a cookie value, sliding the expiry when half of it has passed. */
    async resolve(token: string | undefined): Promise<UserRow | undefined> {
      if (!token || token.length > 100) return undefined;
      const idHash = sha256(token);
      const found = await sessionsRepo.findUser(db, idHash, now());
      if (!found) return undefined;
      if (found.expiresAt.getTime() - now().getTime() < SESSION_TTL_MS / 2) {
        await sessionsRepo.extend(db, idHash, new Date(now().getTime() + SESSION_TTL_MS));
      }
      return found.user;
    },

    /** `email`: the new address, null to remove it, undefined to leave it. */
    async updateProfile(userId: string, email: string | null | undefined): Promise<UserRow> {
      const user = await usersRepo.update(db, userId, { email });
      if (!user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      return user;
    },

    /** Changing the password signs out every other session of the user. */
    async changePassword(userId: string, body: PasswordBody, currentToken: string): Promise<void> {
      const user = await usersRepo.findById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      if (!(await verifyPassword(user.password, body.currentPassword))) {
        throw new AppError('VALIDATION', nl.errors.wrongCurrentPassword, {
          currentPassword: nl.errors.wrongCurrentPassword,
        });
      }
      await usersRepo.update(db, userId, { password: await hashPassword(body.newPassword) });
      await sessionsRepo.deleteOthersOfUser(db, userId, sha256(currentToken));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

import type { LoginBody, PasswordBody } from '@contracts/auth';
import { registerBody, type RegisterBody } from '@contracts/auth';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { MemberRow, UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { membersRepo } from '../team/members.repo';
import { usersRepo } from '../users/users.repo';
import { createLoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { sessionsRepo } from './sessions.repo';
import type { SignedIn } from '../../http/signed-in';
import { logSignIn } from '../activity/activity-entry';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the second step of a sign-in may take after the password was right. */
export const TWO_FACTOR_PENDING_TTL_MS = 5 * 60 * 1000;

export interface NewSession extends SignedIn {
  token: string; // goes into the cookie only
  expiresAt: Date;
}

/** The password was right and the member uses two-step sign-in: the cookie holds the pending sign-in. */
export interface PendingTwoFactor {
  twoFactorRequired: true;
  token: string;
  expiresAt: Date;
}

/** How a sign-in was completed, as its activity entry says: never the code itself. */
export type SignInMethod = 'password' | 'totp' | 'recovery_code';

export interface AuthOptions {
  now: () => Date;
  /** Runs in the registration transaction, e.g. to give the owner default e-mail templates. */
  onRegistered?: (tx: Db, userId: string) => Promise<unknown>;
}

export function createAuthService(db: Db, opts: AuthOptions) {
  const { now } = opts;
  const throttle = createLoginThrottle(db, now);
  const invalid = () => new AppError('INVALID_CREDENTIALS', nl.errors.invalidCredentials);

  async function findSession(token: string | undefined) {
    if (!token || token.length > 100) return undefined;
    return sessionsRepo.find(db, sha256(token), now());
  }

  async function startSession(user: UserRow, member: MemberRow, tx: Db = db): Promise<NewSession> {
    const token = randomToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await sessionsRepo.insert(tx, {
      id: sha256(token),
      userId: user.id,
      memberId: member.id,
      expiresAt,
      createdAt: at,
    });
    const signedIn = await membersRepo.update(tx, member.id, { lastLoginAt: at });
    const agendaIds = (await membersRepo.agendaIdsOf(tx, [member.id])).get(member.id) ?? [];
    return { token, user, member: { ...(signedIn ?? member), agendaIds }, expiresAt };
  }

  /** The session of a completed sign-in and its activity entry, in one transaction. */
  const signIn = (user: UserRow, member: MemberRow, method: SignInMethod) =>
    db.transaction(async (tx) => {
      const session = await startSession(user, member, tx);
      await logSignIn(tx, member, now(), 'sign_in.succeeded', { method });
      return session;
    });

  async function startPendingTwoFactor(member: MemberRow): Promise<PendingTwoFactor> {
    const token = randomToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + TWO_FACTOR_PENDING_TTL_MS);
    await sessionsRepo.insert(db, {
      id: sha256(token),
      userId: member.businessId,
      memberId: member.id,
      twoFactorPending: true,
      expiresAt,
      createdAt: at,
    });
    return { twoFactorRequired: true, token, expiresAt };
  }

  return {
    async register(input: RegisterBody): Promise<NewSession> {
      const body = registerBody.parse(input);
      const taken = () =>
        new AppError('CONFLICT', nl.errors.usernameTaken, { username: nl.errors.usernameTaken });
      if (await membersRepo.findByUsername(db, body.username)) throw taken();
      const password = await hashPassword(body.password);
      // A new business with the registrant as its eigenaar, who shares the business's id. The unique
      // indexes decide when two registrations race for one name.
      const session = await db.transaction(async (tx) => {
        const at = now();
        const user = await usersRepo.insert(tx, {
          username: body.username,
          email: body.email,
          createdAt: at,
        });
        if (!user) return undefined;
        const member = await membersRepo.insert(tx, {
          id: user.id,
          businessId: user.id,
          username: body.username,
          password,
          email: body.email,
          name: body.username,
          role: 'eigenaar',
          createdAt: at,
        });
        if (!member) throw taken();
        await opts.onRegistered?.(tx, user.id);
        return startSession(user, member, tx);
      });
      if (!session) throw taken();
      return session;
    },

    /** Same message and (roughly) the same time for an unknown user and a wrong password. */
    async login(body: LoginBody, previousToken?: string): Promise<NewSession | PendingTwoFactor> {
      if (await throttle.isBlocked(body.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      const member = await membersRepo.findByUsername(db, body.username);
      const ok = member
        ? await verifyPassword(member.password, body.password)
        : await burnPasswordCheck(body.password);
      if (!member || !ok) {
        await throttle.fail(body.username);
        // Only a known member's log has a place for it (and an unknown name may be a typed password).
        if (member) await logSignIn(db, member, now(), 'sign_in.failed', { step: 'password' });
        throw invalid();
      }
      // Rotate: a session id known before login (fixation) is dropped.
      if (previousToken) await sessionsRepo.delete(db, sha256(previousToken));
      // The failures are forgiven only once the second step is done too.
      if (member.totpEnabledAt) return startPendingTwoFactor(member);
      await throttle.succeed(body.username);
      const user = await usersRepo.findById(db, member.businessId);
      if (!user) throw invalid();
      return signIn(user, member, 'password');
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessionsRepo.delete(db, sha256(token));
    },

    /**
     * The business and member of a signed-in cookie value, sliding the expiry when half of it has
     * passed. A pending sign-in (password right, second step to come) is not signed in.
     */
    async resolve(token: string | undefined): Promise<SignedIn | undefined> {
      const found = await findSession(token);
      if (!found || found.twoFactorPending) return undefined;
      if (found.expiresAt.getTime() - now().getTime() < SESSION_TTL_MS / 2) {
        await sessionsRepo.extend(db, sha256(token!), new Date(now().getTime() + SESSION_TTL_MS));
      }
      return { user: found.user, member: { ...found.member, agendaIds: found.agendaIds } };
    },

    /** The member of a pending sign-in's cookie value: the one whose second step is asked for. */
    async pendingTwoFactor(token: string | undefined): Promise<MemberRow | undefined> {
      const found = await findSession(token);
      return found?.twoFactorPending ? found.member : undefined;
    },

    /** Ends a pending sign-in whose second step was done and starts the member's session. */
    async completeTwoFactor(
      token: string,
      member: MemberRow,
      method: SignInMethod = 'totp',
    ): Promise<NewSession> {
      await throttle.succeed(member.username);
      await sessionsRepo.delete(db, sha256(token));
      const user = await usersRepo.findById(db, member.businessId);
      if (!user) throw invalid();
      return signIn(user, member, method);
    },

    startSession,

    /**
     * `email`: the member's new address, null to remove it, undefined to leave it. The eigenaar's
     * address is also the business's, where its own notices go.
     */
    async updateProfile(signedIn: SignedIn, email: string | null | undefined): Promise<SignedIn> {
      return db.transaction(async (tx) => {
        const member = await membersRepo.update(tx, signedIn.member.id, { email });
        if (!member) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
        const user =
          member.role === 'eigenaar' && email !== undefined
            ? await usersRepo.update(tx, signedIn.user.id, { email })
            : signedIn.user;
        return { user: user ?? signedIn.user, member: { ...member, agendaIds: signedIn.member.agendaIds } };
      });
    },

    /** Changing the password signs out every other session of the member. */
    async changePassword(memberId: string, body: PasswordBody, currentToken: string): Promise<void> {
      const member = await membersRepo.findById(db, memberId);
      if (!member) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      if (!(await verifyPassword(member.password, body.currentPassword))) {
        throw new AppError('VALIDATION', nl.errors.wrongCurrentPassword, {
          currentPassword: nl.errors.wrongCurrentPassword,
        });
      }
      const password = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await membersRepo.update(tx, memberId, { password });
        await sessionsRepo.deleteOthersOfMember(tx, memberId, sha256(currentToken));
        await logSignIn(tx, member, now(), 'sign_in.password_changed');
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

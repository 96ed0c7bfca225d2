import type {
  RecoveryCodesResponse,
  TwoFactorDisableBody,
  TwoFactorSetupResponse,
} from '@contracts/two-factor';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import type { SecretBox } from '../../lib/crypto';
import { sha256 } from '../../lib/crypto';
import {
  RECOVERY_CODE_COUNT,
  isTotpShaped,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
} from '../../lib/totp';
import type { AuthService, NewSession, SignInMethod } from './auth.service';
import { createLoginThrottle } from './login-throttle';
import { verifyPassword } from './password';
import { twoFactorRepo } from './two-factor.repo';
import { logSignIn } from '../activity/activity-entry';

export interface TwoFactorDeps {
  db: Db;
  /** Seals the TOTP secret at rest, as the payment keys and SMTP passwords are. */
  box: SecretBox;
  auth: AuthService;
  now: () => Date;
}

const t = nl.twoFactor;

/**
 * Two-step sign-in (docs/PRODUCT.md#two-step-sign-in): setting it up, turning it on and off, and the
 * second step of a sign-in. A code is an app's TOTP (RFC 6238, one step either side, each step
 * accepted once) or an unused recovery code. Wrong codes count with the password failures of the
 * login lockout (10 per username per 15 minutes).
 */
export function createTwoFactorService({ db, box, auth, now }: TwoFactorDeps) {
  const throttle = createLoginThrottle(db, now);

  /**
   * Takes the code for the member: a TOTP code's step (later than the last one taken) or an unused
   * recovery code, in `tx`. Which it was, or undefined when it was neither.
   */
  async function spendCode(tx: Db, member: MemberRow, code: string): Promise<SignInMethod | undefined> {
    if (!member.totpEnabledAt || !member.totpSecret) return undefined;
    if (isTotpShaped(code)) {
      const step = matchTotp(box.decrypt(member.totpSecret), code, now());
      if (step === undefined) return undefined;
      return (await twoFactorRepo.takeStep(tx, member.id, step)) ? 'totp' : undefined;
    }
    const hash = sha256(normalizeRecoveryCode(code));
    return (await twoFactorRepo.spendRecoveryCode(tx, member.id, hash, now())) ? 'recovery_code' : undefined;
  }

  return {
    /** A new secret, stored sealed and not in use until `enable`; starting again replaces it. */
    async setup({ member }: SignedIn): Promise<TwoFactorSetupResponse> {
      if (member.totpEnabledAt) throw new AppError('CONFLICT', t.alreadyEnabled);
      const secret = newTotpSecret();
      if (!(await twoFactorRepo.storeSecret(db, member.id, box.encrypt(secret))))
        throw new AppError('CONFLICT', t.alreadyEnabled);
      return { secret, otpauthUrl: otpauthUrl(member.username, secret) };
    },

    /** Turns it on with a code of the new secret; answers the recovery codes, whose hashes alone are kept. */
    async enable({ member }: SignedIn, code: string): Promise<RecoveryCodesResponse> {
      if (member.totpEnabledAt) throw new AppError('CONFLICT', t.alreadyEnabled);
      if (!member.totpSecret) throw new AppError('CONFLICT', t.setupFirst);
      const step = isTotpShaped(code) ? matchTotp(box.decrypt(member.totpSecret), code, now()) : undefined;
      if (step === undefined) throw new AppError('VALIDATION', t.wrongCode, { code: t.wrongCode });
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const at = now();
        if (!(await twoFactorRepo.enable(tx, member.id, at, step)))
          throw new AppError('CONFLICT', t.alreadyEnabled);
        const hashes = recoveryCodes.map((c) => sha256(normalizeRecoveryCode(c)));
        await twoFactorRepo.replaceRecoveryCodes(tx, member.id, hashes, at);
        await logSignIn(tx, member, now(), 'sign_in.two_factor_enabled');
      });
      return { recoveryCodes };
    },

    /**
     * Turns it off with the password and a code (the app's or a recovery code): the secret and the
     * codes go. Not while the business requires two-step sign-in of every member.
     */
    async disable({ user, member }: SignedIn, body: TwoFactorDisableBody): Promise<void> {
      if (user.requireTwoFactor) throw new AppError('CONFLICT', t.requiredByBusiness);
      if (!member.totpEnabledAt) throw new AppError('CONFLICT', t.notEnabled);
      if (await throttle.isBlocked(member.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      if (!(await verifyPassword(member.password, body.password))) {
        await throttle.fail(member.username);
        throw new AppError('VALIDATION', t.wrongPassword, { password: t.wrongPassword });
      }
      const done = await db.transaction(async (tx) => {
        if (!(await spendCode(tx, member, body.code))) return false;
        await twoFactorRepo.disable(tx, member.id);
        await logSignIn(tx, member, now(), 'sign_in.two_factor_disabled');
        return true;
      });
      if (!done) {
        await throttle.fail(member.username);
        throw new AppError('VALIDATION', t.wrongCodeOrRecovery, { code: t.wrongCodeOrRecovery });
      }
      await throttle.succeed(member.username);
    },

    /** The second step of a sign-in: the pending sign-in of `token` becomes a session. */
    async signIn(token: string | undefined, code: string): Promise<NewSession> {
      const member = await auth.pendingTwoFactor(token);
      if (!token || !member) throw new AppError('UNAUTHORIZED', t.pendingExpired);
      if (await throttle.isBlocked(member.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      const method = await spendCode(db, member, code);
      if (!method) {
        await throttle.fail(member.username);
        await logSignIn(db, member, now(), 'sign_in.failed', { step: 'code' });
        throw new AppError('INVALID_CODE', t.wrongCodeOrRecovery);
      }
      return auth.completeTwoFactor(token, member, method);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import { escapeHtml } from '@core/index';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Mailer } from '../../integrations/mail/mailer';
import { randomToken, sha256 } from '../../lib/crypto';
import { rateLimitHitsRepo } from '../rate-limits/rate-limit-hits.repo';
import { membersRepo } from '../team/members.repo';
import { usersRepo } from '../users/users.repo';
import { createLoginThrottle } from './login-throttle';
import { hashPassword } from './password';
import { passwordResetRepo } from './password-reset.repo';
import { sessionsRepo } from './sessions.repo';

/** How long a reset link works (docs/PRODUCT.md#password-reset). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * Requests per account and per what was typed, per hour (the per-address limit is on the route).
 * Counted for unknown names too, so a 429 says nothing about whether an account exists.
 */
export const RESET_MAX_PER_ACCOUNT = 3;
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** At most this many accounts share one e-mail address for a reset request (each gets its own link). */
const MAX_ACCOUNTS_PER_EMAIL = 5;

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const resetUrl = (appUrl: string, token: string) => `${appUrl}/auth/reset/${token}`;

/**
 * Password reset by e-mail. A request answers the same whether or not the account exists or has an
 * address: the mail goes out after the answer, through the system provider (the owner's own mail
 * settings may be what they cannot reach). Links are 256 random bits, stored as SHA-256 only,
 * valid for an hour and spent by the first new password, which ends every session of the owner.
 */
export function createPasswordReset({ db, mailer, appUrl, log, now }: PasswordResetDeps) {
  const throttle = createLoginThrottle(db, now);
  const invalidLink = () => new AppError('NOT_FOUND', nl.passwordReset.invalidLink);

  /** Counts one request under `key`; true while within the hourly limit. */
  const withinLimit = async (key: string) =>
    (await rateLimitHitsRepo.hit(db, key, now(), RESET_WINDOW_MS)).count <= RESET_MAX_PER_ACCOUNT;

  async function send(member: MemberRow & { email: string }, token: string) {
    const business = await usersRepo.findById(db, member.businessId);
    if (!business) return;
    const m = nl.passwordReset;
    const url = resetUrl(appUrl, token);
    const greeting = m.mailGreeting.replace('{username}', member.username);
    const text = [greeting, m.mailIntro, `${m.mailAction}\n${url}`, m.mailIgnore].join('\n\n');
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(m.mailIntro)}</p>`,
      `<p>${escapeHtml(m.mailAction)}</p>`,
      `<p><a href="${url}">${escapeHtml(m.mailLinkText)}</a></p>`,
      `<p>${escapeHtml(m.mailIgnore)}</p>`,
    ].join('\n');
    await mailer.send(
      { ...business, emailProvider: 'system', emailFromName: m.mailSender },
      { to: member.email, subject: m.mailSubject, html, text, replyTo: null },
    );
  }

  return {
    async request(usernameOrEmail: string): Promise<void> {
      const typed = usernameOrEmail.trim().toLowerCase();
      if (!(await withinLimit(`pwreset:${sha256(typed)}`)))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      // A username cannot contain '@' (contracts/auth.ts), so what has one is an address.
      const accounts = typed.includes('@')
        ? await membersRepo.byEmail(db, typed, MAX_ACCOUNTS_PER_EMAIL)
        : [await membersRepo.findByUsername(db, typed)].filter((u): u is MemberRow => Boolean(u));
      for (const user of accounts) {
        if (!user.email) continue;
        // Asked for by username and by address in turns: still one limit per account, silently.
        if (!(await withinLimit(`pwreset-user:${user.id}`))) continue;
        const token = randomToken();
        await passwordResetRepo.insert(db, {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(now().getTime() + RESET_LINK_TTL_MS),
          createdAt: now(),
        });
        // After the answer, so its timing does not tell that an account with an address exists.
        setImmediate(() => {
          send({ ...user, email: user.email! }, token).then(
            () => log.info({ userId: user.id }, 'password reset link sent'),
            (err: unknown) => log.warn({ err, userId: user.id }, 'password reset e-mail failed'),
          );
        });
      }
    },

    /** Throws the Dutch 404 unless the link can still set a password. */
    async check(token: string): Promise<void> {
      if (!(await passwordResetRepo.isOpen(db, sha256(token), now()))) throw invalidLink();
    },

    /** Sets the new password, spends every open link of the owner and ends all their sessions. */
    async reset(token: string, newPassword: string): Promise<void> {
      const password = await hashPassword(newPassword);
      const user = await db.transaction(async (tx) => {
        const at = now();
        const userId = await passwordResetRepo.spend(tx, sha256(token), at);
        if (!userId) return undefined;
        const row = await membersRepo.update(tx, userId, { password });
        await passwordResetRepo.spendAllOfUser(tx, userId, at);
        await sessionsRepo.deleteAllOfMember(tx, userId);
        return row;
      });
      if (!user) throw invalidLink();
      // Whoever was locked out by failed logins may sign in with the new password at once.
      await throttle.succeed(user.username);
      log.info({ userId: user.id }, 'password set through a reset link; every session ended');
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;

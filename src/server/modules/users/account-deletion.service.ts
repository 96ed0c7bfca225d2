import type { FastifyBaseLogger } from 'fastify';
import type { AccountDeletionSummary } from '@contracts/account-deletion';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import type { SignedIn } from '../../http/signed-in';
import { AppError } from '../../http/app-error';
import { createLoginThrottle } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';
import type { GoogleCalendar } from '../google/google-calendar';
import type { GoogleGrants } from '../google/google-grants';
import { googleRepo, type ChannelRow } from '../google/google.repo';
import { accountDeletionRepo } from './account-deletion.repo';

export interface AccountDeletionDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** notifications/farewell-mails.ts: cancels the owner's future bookings and queues each customer's e-mail. */
  farewell: { cancelFuture(tx: Db, owner: UserRow): Promise<BookingRow[]> };
  googleCalendar: Pick<GoogleCalendar, 'ownerDeleted'>;
  googleGrants: Pick<GoogleGrants, 'revokeAll'>;
}

/**
 * docs/PRODUCT.md#account-deletion: the owner removes the account and everything of it. The password
 * is asked again and counts for the login lockout, so a borrowed session cannot guess it here.
 */
export function createAccountDeletion({
  db,
  log,
  now,
  farewell,
  googleCalendar,
  googleGrants,
}: AccountDeletionDeps) {
  const throttle = createLoginThrottle(db, now);
  const texts = nl.accountDeletion;

  /** After the commit, with the rows read before it: Google forgets the owner. Never throws. */
  async function forgetAtGoogle(owner: UserRow, cancelled: BookingRow[], channels: ChannelRow[]) {
    const events = cancelled.flatMap((b) =>
      b.googleCalendarEventId
        ? [{ calendarId: b.googleCalendarId ?? 'primary', eventId: b.googleCalendarEventId }]
        : [],
    );
    await googleCalendar
      .ownerDeleted(owner, { events, channels })
      .catch((err: unknown) =>
        log.warn({ err, ownerId: owner.id }, 'cleaning up Google Calendar of a deleted account failed'),
      );
    await googleGrants
      .revokeAll(owner)
      .catch((err: unknown) => log.warn({ err, ownerId: owner.id }, 'revoking the Google grants failed'));
  }

  return {
    async summary(owner: UserRow): Promise<AccountDeletionSummary> {
      const counts = await accountDeletionRepo.summary(db, owner.id, now());
      return { ...counts, googleConnected: Boolean(owner.googleAccessToken || owner.gmailAccessToken) };
    },

    /** Deletes the signed-in owner; a wrong password changes nothing (400 on the field). */
    async deleteAccount({ user: signedIn, member }: SignedIn, password: string): Promise<void> {
      if (await throttle.isBlocked(member.username))
        throw new AppError('RATE_LIMITED', nl.errors.tooManyRequests);
      if (!(await verifyPassword(member.password, password))) {
        await throttle.fail(member.username);
        throw new AppError('VALIDATION', texts.wrongPassword, { password: texts.wrongPassword });
      }
      const channels = await googleRepo.channels.ofUser(db, signedIn.id);
      const { owner, cancelled } = await db.transaction(async (tx) => {
        const row = await accountDeletionRepo.lockOwner(tx, signedIn.id);
        // Deleted by a parallel request meanwhile: this session is gone with it.
        if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
        const gone = await farewell.cancelFuture(tx, row);
        await accountDeletionRepo.deleteUser(tx, row.id);
        return { owner: row, cancelled: gone };
      });
      // A new account under this username starts without the old one's failed attempts.
      await throttle.succeed(member.username);
      await forgetAtGoogle(owner, cancelled, channels);
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

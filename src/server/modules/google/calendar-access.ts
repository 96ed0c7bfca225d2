import type { FastifyBaseLogger } from 'fastify';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { GoogleError, type GoogleClient } from '../../integrations/google/google-client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../http/app-error';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { usersRepo } from '../users/users.repo';
import type { GoogleGrants } from './google-grants';

export interface CalendarDeps {
  db: Db;
  google: GoogleClient;
  grants: GoogleGrants;
  jobs: JobQueue;
  notifier: () => BookingNotifier;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

export const enc = encodeURIComponent;

/** Google's "already gone" answers: a deleted event or calendar entry needs nothing more. */
export const isGone = (err: unknown) =>
  err instanceof GoogleError && (err.status === 404 || err.status === 410);

/** Google's own failures reach the owner as the spec's Dutch sync message, never as a 5xx. */
export async function asAppError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof GoogleError || (err instanceof Error && err.name === 'TimeoutError'))
      throw new AppError('GOOGLE_FAILED', nl.google.syncFailed);
    throw err;
  }
}

/** The owner's Calendar connection as push, sync and channels use it. */
export function calendarAccess({ db, google, grants }: CalendarDeps) {
  return {
    /** The owner while Calendar is connected and its grant works; jobs for anyone else do nothing. */
    async owner(userId: string): Promise<UserRow | undefined> {
      const row = await usersRepo.findById(db, userId);
      return row?.googleAccessToken && !row.googleBrokenAt ? row : undefined;
    },
    call: <T>(o: UserRow, method: string, path: string, body?: unknown) =>
      grants.withToken(o, 'google', (token) => google.api<T>(token, method, path, body)),
  };
}
export type CalendarAccess = ReturnType<typeof calendarAccess>;

import type { MailBrokenReason } from '@contracts/notifications';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { GoogleError } from '../google/google-client';

/**
 * A send that failed because the owner's own mail connection does not work (their SMTP server
 * refuses the login or cannot be reached, Google refuses the Gmail grant), not because of this one
 * message: every other message would fail the same way until the owner repairs it. The message
 * stays the one the owner sees for a failed test mail.
 */
export class MailConnectionError extends AppError {
  constructor(
    readonly reason: MailBrokenReason,
    message: string,
  ) {
    super('MAIL_FAILED', message);
    this.name = 'MailConnectionError';
  }
}

/** nodemailer's codes for a server that refuses who we are. */
const SMTP_AUTH = new Set(['EAUTH', 'ENOAUTH']);
/** nodemailer's codes for a server we could not talk to (refused, timed out, DNS, TLS, dropped). */
const SMTP_UNREACHABLE = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EPROXY',
  'EREQUIRETLS',
]);
/** Our own grant errors (google-grants.ts): Google refused the refresh, or there is no grant. */
const GRANT_GONE = new Set(['GOOGLE_BROKEN', 'GOOGLE_NOT_CONNECTED']);

/**
 * Which part of the owner's connection `err` says is broken; null when the failure is about this
 * message (a refused recipient, a malformed message) and an ordinary retry is the answer. Only the
 * owner's own providers count: the system provider is the operator's (SMTP_URL).
 */
export function brokenConnection(
  owner: Pick<UserRow, 'emailProvider'>,
  err: unknown,
): MailBrokenReason | null {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown };
  if (owner.emailProvider === 'smtp') {
    if (SMTP_AUTH.has(String(e.code))) return 'smtp_auth';
    // 421: the server closes the session (overloaded, shutting down), whatever the command.
    if (SMTP_UNREACHABLE.has(String(e.code)) || e.responseCode === 421) return 'smtp_unreachable';
    return null;
  }
  if (owner.emailProvider === 'gmail') {
    if (err instanceof AppError && GRANT_GONE.has(err.code)) return 'gmail_auth';
    // 401 after a fresh token, 403: the grant no longer allows sending (scope removed, account blocked).
    if (err instanceof GoogleError)
      return err.status === 401 || err.status === 403
        ? 'gmail_auth'
        : err.status === 429 || err.status >= 500
          ? 'gmail_unreachable'
          : null;
    // fetch's own failures: a timeout (AbortSignal) or no connection at all.
    if (e.name === 'TimeoutError' || err instanceof TypeError) return 'gmail_unreachable';
  }
  return null;
}

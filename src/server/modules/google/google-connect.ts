import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { pkcePair, type GoogleClient, type GrantKind } from '../../integrations/google/google-client';
import { randomToken, safeEqual } from '../../lib/crypto';
import { usersRepo } from '../users/users.repo';
import type { GoogleGrants } from './google-grants';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';

/** What the browser carries (in a signed, HttpOnly cookie) between the consent screen and the callback. */
export interface OAuthPending {
  kind: GrantKind;
  state: string;
  verifier: string;
  userId: string;
}

export const RESULT = {
  google: { success: 'google_connected', error: 'oauth_failed' },
  gmail: { success: 'gmail_connected', error: 'gmail_oauth_failed' },
} as const;

export interface ConnectDeps {
  db: Db;
  google: GoogleClient;
  grants: GoogleGrants;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Runs after Calendar is connected (watch channels, first sync) and before it is disconnected. */
  calendar: { connected(ownerId: string): Promise<void>; disconnecting(owner: UserRow): Promise<void> };
  /** The owner's mail connection changed (Gmail connected again, or mail back on the system provider): retry waiting mail. */
  mail: { retry(ownerId: string): Promise<void> };
}

const OTHER = { google: 'gmail', gmail: 'google' } as const satisfies Record<GrantKind, GrantKind>;
const SUB = { google: 'googleAccountSub', gmail: 'gmailAccountSub' } as const;
const REFRESH = { google: 'googleRefreshToken', gmail: 'gmailRefreshToken' } as const;

/**
 * Whether disconnecting `kind` may revoke at Google. Google keeps one authorization per account and
 * app (the consent asks include_granted_scopes), and revoking any of its tokens ends all of them: so
 * not while the other connection is there with the same account, or one we cannot tell apart
 * (connected before the account was recorded).
 */
export function mayRevoke(owner: UserRow, kind: GrantKind): boolean {
  const other = OTHER[kind];
  if (!owner[REFRESH[other]]) return true;
  const mine = owner[SUB[kind]];
  const theirs = owner[SUB[other]];
  return Boolean(mine && theirs && mine !== theirs);
}

/** The OAuth 2 authorization-code flow with state and PKCE (S256), for Calendar and for Gmail. */
export function createGoogleConnect({ db, google, grants, appUrl, log, now, calendar, mail }: ConnectDeps) {
  /** The activity entry's field of a connection (docs/PRODUCT.md#activity-log): connected or not, never a token. */
  const FIELD = { google: 'googleCalendar', gmail: 'gmail' } as const;
  const redirectUri = (kind: GrantKind) => `${appUrl}/api/${kind}/callback`;

  return {
    /** Where to send the browser, and what to remember until it comes back; null when Google is not configured. */
    start(owner: UserRow, kind: GrantKind): { url: string; pending: OAuthPending } | null {
      if (!google.configured) return null;
      const { verifier, challenge } = pkcePair();
      const state = randomToken();
      return {
        url: google.consentUrl(kind, redirectUri(kind), state, challenge),
        pending: { kind, state, verifier, userId: owner.id },
      };
    },

    /** Completes the flow; answers the /settings query to redirect to. Never throws. */
    async finish(
      owner: UserRow,
      kind: GrantKind,
      pending: OAuthPending | null,
      query: { code?: string; state?: string; error?: string },
      by: ActivityBy,
    ): Promise<string> {
      const result = RESULT[kind];
      const valid =
        pending &&
        pending.kind === kind &&
        pending.userId === owner.id &&
        query.state &&
        safeEqual(query.state, pending.state) &&
        query.code &&
        !query.error;
      if (!valid) return `error=${result.error}`;
      try {
        const tokens = await google.exchangeCode(query.code!, pending.verifier, redirectUri(kind));
        await grants.save(owner.id, kind, tokens);
        const info = await google.api<{ sub?: string; email?: string }>(
          tokens.accessToken,
          'GET',
          '/oauth2/v3/userinfo',
        );
        await db.transaction(async (tx) => {
          await usersRepo.update(tx, owner.id, {
            [SUB[kind]]: info.sub ?? null,
            ...(kind === 'gmail' ? { gmailAddress: info.email ?? null } : {}),
          });
          await activityRepo.record(tx, by, now(), {
            kind: 'settings.updated',
            before: { [FIELD[kind]]: null },
            after: { [FIELD[kind]]: true },
          });
        });
        if (kind === 'gmail') await mail.retry(owner.id);
        else await calendar.connected(owner.id);
        return `success=${result.success}`;
      } catch (err) {
        log.warn({ err, kind }, 'OAuth callback failed');
        return `error=${result.error}`;
      }
    },

    /** Forgets this connection's tokens; revokes at Google only when that cannot break the other one. */
    async disconnect(owner: UserRow, kind: GrantKind, by: ActivityBy) {
      if (kind === 'google') {
        await calendar
          .disconnecting(owner)
          .catch((err: unknown) => log.warn({ err }, 'stopping calendar channels failed'));
      }
      await grants.forget(owner, kind, { revoke: mayRevoke(owner, kind) });
      const wasConnected = Boolean(kind === 'google' ? owner.googleAccessToken : owner.gmailAccessToken);
      await db.transaction(async (tx) => {
        await usersRepo.update(tx, owner.id, {
          [SUB[kind]]: null,
          ...(kind === 'gmail' ? { gmailAddress: null } : {}),
        });
        // Disconnecting what was not connected changes nothing, so it is no activity either.
        if (wasConnected)
          await activityRepo.record(tx, by, now(), {
            kind: 'settings.updated',
            before: { [FIELD[kind]]: true },
            after: { [FIELD[kind]]: null },
          });
      });
      if (kind === 'gmail' && owner.emailProvider === 'gmail') {
        await usersRepo.update(db, owner.id, { emailProvider: 'system' });
        await mail.retry(owner.id);
      }
    },
  };
}
export type GoogleConnect = ReturnType<typeof createGoogleConnect>;

import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  GoogleError,
  type GoogleClient,
  type GrantKind,
  type TokenSet,
} from '../../integrations/google/google-client';
import type { SecretBox } from '../../lib/crypto';
import { usersRepo } from '../users/users.repo';

/** Refresh a little before Google's expiry so a call never starts with a token about to lapse. */
const EARLY_MS = 60_000;

const columns = {
  google: {
    access: 'googleAccessToken',
    refresh: 'googleRefreshToken',
    expiry: 'googleTokenExpiry',
    broken: 'googleBrokenAt',
  },
  gmail: {
    access: 'gmailAccessToken',
    refresh: 'gmailRefreshToken',
    expiry: 'gmailTokenExpiry',
    broken: 'gmailBrokenAt',
  },
} as const;

/**
 * The owner's two Google grants (Calendar and Gmail), stored sealed. Access tokens refresh by
 * themselves; when Google refuses the refresh (access revoked, grant expired) the grant is marked
 * broken, so settings can say so instead of calls failing silently.
 */
export function createGoogleGrants(db: Db, google: GoogleClient, box: SecretBox, now: () => Date) {
  const c = (kind: GrantKind) => columns[kind];

  async function save(ownerId: string, kind: GrantKind, tokens: TokenSet) {
    const k = c(kind);
    await usersRepo.update(db, ownerId, {
      [k.access]: box.encrypt(tokens.accessToken),
      ...(tokens.refreshToken ? { [k.refresh]: box.encrypt(tokens.refreshToken) } : {}),
      [k.expiry]: tokens.expiresAt,
      [k.broken]: null,
    });
  }

  async function refresh(owner: UserRow, kind: GrantKind): Promise<string> {
    const sealed = owner[c(kind).refresh];
    if (!sealed)
      throw new AppError(
        'GOOGLE_NOT_CONNECTED',
        kind === 'google' ? nl.google.notConnected : nl.settings.gmailNotConnected,
      );
    try {
      const tokens = await google.refresh(box.decrypt(sealed));
      await save(owner.id, kind, tokens);
      return tokens.accessToken;
    } catch (err) {
      if (err instanceof GoogleError && err.grantRevoked) {
        await usersRepo.update(db, owner.id, { [c(kind).broken]: now() });
        throw new AppError(
          'GOOGLE_BROKEN',
          kind === 'google' ? nl.google.grantBroken : nl.settings.gmailBroken,
        );
      }
      throw err;
    }
  }

  async function accessToken(owner: UserRow, kind: GrantKind): Promise<string> {
    const k = c(kind);
    const sealed = owner[k.access];
    if (!sealed)
      throw new AppError(
        'GOOGLE_NOT_CONNECTED',
        kind === 'google' ? nl.google.notConnected : nl.settings.gmailNotConnected,
      );
    const expiry = owner[k.expiry];
    if (expiry && expiry.getTime() - EARLY_MS > now().getTime()) return box.decrypt(sealed);
    return refresh(owner, kind);
  }

  /**
   * Forgets the grant, revoking it at Google first when `revoke` (best effort: the owner wants out
   * either way). Not revoking leaves Google's authorization to the other connection that uses it.
   */
  async function forget(owner: UserRow, kind: GrantKind, { revoke }: { revoke: boolean }) {
    const k = c(kind);
    const sealed = owner[k.refresh] ?? owner[k.access];
    if (sealed && revoke) await google.revoke(box.decrypt(sealed)).catch(() => {});
    await usersRepo.update(db, owner.id, {
      [k.access]: null,
      [k.refresh]: null,
      [k.expiry]: null,
      [k.broken]: null,
    });
  }

  return {
    save,

    /** Runs `call` with a valid access token; on a 401 refreshes once and tries again. */
    async withToken<T>(owner: UserRow, kind: GrantKind, call: (token: string) => Promise<T>): Promise<T> {
      try {
        return await call(await accessToken(owner, kind));
      } catch (err) {
        if (!(err instanceof GoogleError && err.status === 401)) throw err;
        return call(await refresh(owner, kind));
      }
    },

    forget,

    /**
     * The owner deleted the account (docs/PRODUCT.md#account-deletion; `owner` was read before the
     * delete): both grants are revoked at Google, since no connection is left to share them.
     */
    async revokeAll(owner: UserRow) {
      for (const kind of ['google', 'gmail'] as const) await forget(owner, kind, { revoke: true });
    },
  };
}
export type GoogleGrants = ReturnType<typeof createGoogleGrants>;

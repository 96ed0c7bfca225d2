import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_PREFIX_LENGTH,
  type ApiKeyDto,
  type CreatedApiKey,
  type createApiKeyBody,
} from '@contracts/api-keys';
import { nl } from '@contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ApiKeyRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { SignedIn } from '../../http/signed-in';
import { activityRepo, byMember, type ActivityBy } from '../activity/activity.repo';
import { usersRepo } from '../users/users.repo';
import { apiKeysRepo } from './api-keys.repo';

const m = nl.apiKeys;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 base62 digits hold any 32 bytes. */
const KEY_DIGITS = 43;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${KEY_DIGITS}}$`);

/** `ap_live_` and 32 random bytes as 43 base62 digits (no characters a shell or URL would mangle). */
export function newApiKey(): string {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let digits = '';
  for (let i = 0; i < KEY_DIGITS; i++) {
    digits = BASE62[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return API_KEY_PREFIX + digits;
}

/** The name the activity log and a booking's history give a key acting: 'API-sleutel Boekhouding'. */
export const apiKeyActorName = (key: Pick<ApiKeyRow, 'name'>) => m.actorName.replace('{name}', key.name);

/** Who an activity entry names when a key acts. */
export const byApiKey = (key: Pick<ApiKeyRow, 'businessId' | 'name'>): ActivityBy => ({
  businessId: key.businessId,
  actor: 'api_sleutel',
  memberId: null,
  memberName: apiKeyActorName(key),
});

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdBy: row.createdByName,
  };
}

/** A key that answered: its row and the business it acts for. */
export interface ApiKeyCaller {
  key: ApiKeyRow;
  user: UserRow;
}

/**
 * API keys (docs/PRODUCT.md#public-api): made and revoked in Instellingen, checked on every call of
 * the versioned API. Only the key's SHA-256 is stored: 32 random bytes cannot be guessed, so a slow
 * password hash would add nothing but latency to every call.
 */
export function createApiKeysService(db: Db, { now }: { now: () => Date }) {
  return {
    async list(user: UserRow): Promise<ApiKeyDto[]> {
      return (await apiKeysRepo.listLive(db, user.id)).map(toDto);
    },

    async create(
      { user, member }: SignedIn,
      body: z.output<typeof createApiKeyBody>,
    ): Promise<CreatedApiKey> {
      const at = now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= at.getTime())
        throw badRequest(m.expiresInvalid, { expiresAt: m.expiresInvalid });
      const key = newApiKey();
      const row = await db.transaction(async (tx) => {
        const inserted = await apiKeysRepo.insert(tx, {
          businessId: user.id,
          name: body.name,
          access: body.access,
          keyHash: sha256(key),
          prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
          createdById: member.id,
          createdByName: member.name,
          createdAt: at,
          expiresAt,
        });
        // Never the key, nor its hash: the log names the key by its name and prefix.
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'api_key.created',
          subjectId: inserted.id,
          subjectName: inserted.name,
          after: { access: inserted.access, prefix: inserted.prefix, expiresAt: toDto(inserted).expiresAt },
        });
        return inserted;
      });
      return { ...toDto(row), key };
    },

    /** Stops the key at once: the next call with it answers 401. */
    async revoke({ user, member }: SignedIn, id: string): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await apiKeysRepo.revoke(tx, user.id, id, at);
        if (!row) throw notFound(m.notFound);
        await activityRepo.record(tx, byMember(member), at, {
          kind: 'api_key.revoked',
          subjectId: row.id,
          subjectName: row.name,
        });
      });
    },

    /** The key's caller, or null for a key that is malformed, unknown, revoked or expired. */
    async authenticate(presented: string): Promise<ApiKeyCaller | null> {
      if (!KEY_SHAPE.test(presented)) return null;
      const hash = sha256(presented);
      const key = await apiKeysRepo.findByHash(db, hash);
      // The lookup is by an index; the comparison after it takes the same time for any near miss.
      if (!key || !safeEqual(key.keyHash, hash)) return null;
      const at = now();
      if (key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= at.getTime())) return null;
      const user = await usersRepo.findById(db, key.businessId);
      if (!user) return null;
      await apiKeysRepo.touch(db, key.id, at);
      return { key, user };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;

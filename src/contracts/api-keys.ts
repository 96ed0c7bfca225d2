import { z } from 'zod';
import { API_KEY_ACCESS } from './enums';
import { nl } from './messages';

const m = nl.apiKeys;

/**
 * API keys of the business (docs/PRODUCT.md#public-api), managed in Instellingen by the eigenaar and
 * the beheerders. A key is `ap_live_` and 32 random bytes in base62; only its SHA-256 is stored.
 */
export const API_KEY_PREFIX = 'ap_live_';
/** How many characters of a key the list shows to tell keys apart (the marker and four more). */
export const API_KEY_PREFIX_LENGTH = 12;
export const API_KEY_NAME_MAX = 80;

/** GET /api/api-keys: every key of the business that is not revoked, newest first; never the key. */
export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  access: z.enum(API_KEY_ACCESS),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The member who made it, their name then. */
  createdBy: z.string(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;
export const apiKeyList = z.array(apiKeyDto);

/** POST /api/api-keys. `expiresAt`: the instant the key stops working (RFC 3339), in the future. */
export const createApiKeyBody = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(API_KEY_NAME_MAX, m.nameTooLong),
  access: z.enum(API_KEY_ACCESS, { error: m.accessInvalid }),
  expiresAt: z.iso.datetime({ offset: true, error: m.expiresInvalid }).nullish(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** 201: the only answer that holds the key itself. */
export const createdApiKey = apiKeyDto.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyParams = z.object({ id: z.uuid() });

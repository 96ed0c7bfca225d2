import { randomUUID } from 'node:crypto';
import type { MessagingStatus } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { MessagingDto, MessagingSettings, MessagingTestResult } from '@contracts/messaging';
import { formatPhone } from '@core/phone';
import type { Db } from '../../db/client';
import type { MessagingConnectionRow, UserRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { randomToken, sha256, type SecretBox } from '../../lib/crypto';
import {
  TextProviderError,
  type ProviderKeyName,
  type ProviderKeys,
} from '../../integrations/messaging/text-provider';
import { TEXT_PROVIDERS } from '../../integrations/messaging/text-providers';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { businessProfileRepo } from '../business-profile/business-profile.repo';
import { messagingRepo } from './messaging.repo';
import { textConnection, type ProviderSettings } from '../../integrations/messaging/text-connection';

const m = nl.messaging;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Every key column; a saved provider's row holds its own keys and null in the others. */
const KEY_NAMES: readonly ProviderKeyName[] = ['accountSid', 'authToken', 'accessKey'];
const REQUIRED: Record<ProviderKeyName, string> = {
  accountSid: m.accountSidRequired,
  authToken: m.authTokenRequired,
  accessKey: m.accessKeyRequired,
};

export interface MessagingDeps {
  box: SecretBox;
  /** The providers' API origins and the deadline of one call (config.ts `messaging`). */
  providers: ProviderSettings;
  appUrl: string;
  now: () => Date;
}

/**
 * The owner's own SMS and WhatsApp provider (docs/PRODUCT.md#messaging): keys checked with the
 * provider before anything is stored, sealed like the Stripe secret key, never answered.
 */
export function createMessagingService(db: Db, deps: MessagingDeps) {
  const { box } = deps;
  const connection = textConnection(box, deps.providers, deps.appUrl);

  const { storedKeys, providerFor } = connection;

  const statusOf = (row: MessagingConnectionRow | undefined): MessagingStatus =>
    !row || !storedKeys(row) ? 'missing' : row.brokenAt ? 'broken' : 'ok';

  const toDto = (row: MessagingConnectionRow | undefined): MessagingDto => ({
    provider: row?.provider ?? null,
    sender: row?.sender ?? null,
    whatsappSender: row?.whatsappSender ?? null,
    status: statusOf(row),
    replyUrl: row && storedKeys(row) ? connection.replyUrl(row) : null,
  });

  /**
   * The keys a save would leave: each typed one, else the stored one of the same provider (a blank
   * secret keeps it); a key neither gives is a Dutch 400 under its field.
   */
  function keysAfterSave(body: MessagingSettings, stored: MessagingConnectionRow | undefined) {
    const kept = stored?.provider === body.provider ? storedKeys(stored) : null;
    const keys: ProviderKeys = {};
    const missing: Record<string, string> = {};
    for (const { name } of TEXT_PROVIDERS[body.provider].keys) {
      const value = body[name] || kept?.[name];
      if (value) keys[name] = value;
      else missing[name] = REQUIRED[name];
    }
    const first = Object.values(missing)[0];
    if (first) throw badRequest(first, missing);
    return keys;
  }

  return {
    async current(user: UserRow): Promise<MessagingDto> {
      return toDto(await messagingRepo.find(db, user.id));
    },

    /** PUT /api/messaging: checks the keys with the provider, then stores them; a refusal stores nothing. */
    async connect(user: UserRow, body: MessagingSettings, by: ActivityBy): Promise<MessagingDto> {
      const kind = TEXT_PROVIDERS[body.provider];
      const stored = await messagingRepo.find(db, user.id);
      const keys = keysAfterSave(body, stored);
      try {
        await providerFor(body.provider, keys).verify();
      } catch (error) {
        if (!(error instanceof TextProviderError)) throw error;
        if (error.failure === 'unreachable')
          throw new AppError('MESSAGING_FAILED', m.unreachable[body.provider]);
        const refused = m.keysRefused[body.provider];
        throw badRequest(refused, Object.fromEntries(kind.keys.map(({ name }) => [name, refused])));
      }
      const sealed = Object.fromEntries(
        KEY_NAMES.map((name) => {
          const key = kind.keys.find((k) => k.name === name);
          const value = key && keys[name];
          return [name, value ? (key.secret ? box.encrypt(value) : value) : null];
        }),
      ) as Record<ProviderKeyName, string | null>;
      // The callbacks' token outlives a change of keys: messages sent before still report to it.
      const token = stored ? box.decrypt(stored.ownerToken) : randomToken();
      const now = deps.now();
      const row = await db.transaction(async (tx) => {
        const saved = await messagingRepo.save(tx, {
          ownerId: user.id,
          provider: body.provider,
          ...sealed,
          sender: body.sender,
          whatsappSender: body.whatsappSender ?? null,
          ownerTokenHash: sha256(token),
          ownerToken: box.encrypt(token),
          brokenAt: null,
          createdAt: now,
          updatedAt: now,
        });
        // What was connected, never a key.
        await activityRepo.record(tx, by, now, {
          kind: 'settings.updated',
          before: { messaging: stored ? { provider: stored.provider, sender: stored.sender } : null },
          after: { messaging: { provider: saved.provider, sender: saved.sender } },
        });
        return saved;
      });
      return toDto(row);
    },

    /** DELETE /api/messaging: the keys are forgotten; no text message goes out until connected again. */
    async disconnect(user: UserRow, by: ActivityBy): Promise<void> {
      await db.transaction(async (tx) => {
        const stored = await messagingRepo.find(tx, user.id);
        if (!(await messagingRepo.remove(tx, user.id)) || !stored) return;
        await activityRepo.record(tx, by, deps.now(), {
          kind: 'settings.updated',
          before: { messaging: { provider: stored.provider, sender: stored.sender } },
          after: { messaging: null },
        });
      });
    },

    /** POST /api/messaging/test: one SMS from the saved sender to `phone` (E.164, mobile). */
    async sendTest(user: UserRow, phone: string): Promise<MessagingTestResult> {
      const row = await messagingRepo.find(db, user.id);
      const keys = row && storedKeys(row);
      if (!row || !keys) throw new AppError('BAD_REQUEST', m.notConnected);
      const business = (await businessProfileRepo.nameOf(db, user.id)) ?? user.username;
      const statusUrl = connection.statusUrl(row);
      try {
        const sent = await providerFor(row.provider, keys).send({
          to: phone,
          from: row.sender,
          body: fill(m.testText, { business }),
          reference: `test-${randomUUID()}`,
          statusUrl,
        });
        if (row.brokenAt) await messagingRepo.setBroken(db, user.id, null);
        return {
          ok: true,
          ...sent,
          message: fill(m.testSent, { phone: formatPhone(phone), status: sent.status }),
        };
      } catch (error) {
        if (!(error instanceof TextProviderError)) throw error;
        if (error.failure === 'unreachable') throw new AppError('MESSAGING_FAILED', m.sendUnreachable);
        if (error.failure === 'auth') {
          await messagingRepo.setBroken(db, user.id, deps.now());
          throw new AppError('BAD_REQUEST', m.keysBroken);
        }
        throw new AppError('BAD_REQUEST', fill(m.sendRefused, { reason: error.detail }));
      }
    },
  };
}

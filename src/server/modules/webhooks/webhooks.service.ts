import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_EVENT,
  type webhookBody,
  type webhookPatch,
  type WebhookDto,
} from '@contracts/events';
import type { z } from 'zod';
import { toOffsetDateTime } from '@core/index';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { ApiKeyRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { usersRepo } from '../users/users.repo';
import type { SecretBox } from '../../lib/crypto';
import { eventsRepo } from '../events/events.repo';
import { webhooksRepo, type WebhookRow } from './webhooks.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';
import {
  MAX_PUBLIC_HOOKS,
  type PublicCreatedHook,
  type PublicHook,
  type publicHookBody,
} from '@contracts/public-api';
import { apiKeyActorName, byApiKey } from '../api-keys/api-keys.service';

/** Standard Webhooks secret format: "whsec_" + base64 of 24 random bytes. */
/** What a webhook's entries show: never its secret. */
const SHOWN = ['name', 'url', 'isActive', 'triggers'] as const;

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function createWebhooksService(db: Db, box: SecretBox, deps: { now: () => Date }) {
  const m = nl.eventRules;
  const toDto = (row: WebhookRow): WebhookDto => ({
    id: row.id,
    // The owner's webhooks are a service's; business-wide hooks are never listed here.
    eventId: row.eventId!,
    name: row.name,
    url: row.url,
    isActive: row.isActive,
    triggers: row.triggers as WebhookDto['triggers'],
    secret: box.decrypt(row.secret),
    createdAt: row.createdAt.toISOString(),
  });
  const toHook = (row: WebhookRow, timeZone: string): PublicHook => ({
    id: row.id,
    url: row.url,
    events: row.triggers,
    createdAt: toOffsetDateTime(row.createdAt, timeZone),
  });
  async function ownedEvent(user: UserRow, eventId: string) {
    if (!(await eventsRepo.findOwned(db, user.id, eventId))) throw notFound(m.eventNotFound);
  }
  async function owned(user: UserRow, id: string) {
    const row = await webhooksRepo.findOwned(db, user.id, id);
    if (!row) throw notFound(m.webhookNotFound);
    return row;
  }

  return {
    async list(user: UserRow, eventId: string) {
      await ownedEvent(user, eventId);
      return (await webhooksRepo.listByEvent(db, eventId)).map(toDto);
    },
    async create(user: UserRow, eventId: string, body: z.output<typeof webhookBody>, by: ActivityBy) {
      await ownedEvent(user, eventId);
      const row = await db.transaction(async (tx) => {
        await usersRepo.lockOwner(tx, user.id);
        if ((await webhooksRepo.countByEvent(tx, eventId)) >= MAX_WEBHOOKS_PER_EVENT)
          throw badRequest(nl.eventRules.tooManyWebhooks);
        const row = await webhooksRepo.insert(tx, {
          eventId,
          ...body,
          secret: box.encrypt(newWebhookSecret()),
          createdAt: deps.now(),
        });
        // Never its signing secret.
        await activityRepo.record(tx, by, deps.now(), {
          kind: 'webhook.created',
          subjectId: row.id,
          subjectName: row.name,
          after: activityFields(row, SHOWN),
        });
        return row;
      });
      return toDto(row);
    },
    async update(user: UserRow, id: string, body: z.output<typeof webhookPatch>, by: ActivityBy) {
      const current = await owned(user, id);
      return db.transaction(async (tx) => {
        const row = await webhooksRepo.update(tx, id, body);
        await logUpdate(
          tx,
          by,
          deps.now(),
          { kind: 'webhook.updated', subjectId: id, subjectName: row.name },
          activityDiff(current, row, SHOWN),
        );
        return toDto(row);
      });
    },
    /**
     * REST-hook subscriptions of the versioned API (docs/PRODUCT.md#public-api): rows of the same
     * table with the business instead of a service, so the notifier plans them for every service and
     * they are signed, retried, logged and address-checked like every webhook. A hook belongs to the
     * business, not to the key that made it: it stays when that key is revoked, and any read-write
     * key of the business may delete it.
     */
    async listBusinessHooks(user: UserRow): Promise<PublicHook[]> {
      return (await webhooksRepo.listByOwner(db, user.id)).map((row) => toHook(row, user.timeZone));
    },
    async subscribe(
      user: UserRow,
      key: ApiKeyRow,
      body: z.output<typeof publicHookBody>,
    ): Promise<PublicCreatedHook> {
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        await usersRepo.lockOwner(tx, user.id);
        if ((await webhooksRepo.countByOwner(tx, user.id)) >= MAX_PUBLIC_HOOKS)
          throw badRequest(nl.apiKeys.tooManyHooks);
        const row = await webhooksRepo.insert(tx, {
          ownerId: user.id,
          createdByApiKeyId: key.id,
          name: apiKeyActorName(key),
          url: body.url,
          // An event named twice is heard once. (No transform in the schema: zod would drop its examples.)
          triggers: [...new Set(body.events)],
          secret: box.encrypt(secret),
          createdAt: deps.now(),
        });
        await activityRepo.record(tx, byApiKey(key), deps.now(), {
          kind: 'webhook.created',
          subjectId: row.id,
          subjectName: row.name,
          after: activityFields(row, SHOWN),
        });
        return row;
      });
      return { ...toHook(row, user.timeZone), secret };
    },
    async unsubscribe(user: UserRow, key: ApiKeyRow, id: string) {
      const current = await webhooksRepo.findBusinessHook(db, user.id, id);
      if (!current) throw notFound(nl.apiKeys.hookNotFound);
      await db.transaction(async (tx) => {
        await webhooksRepo.delete(tx, id);
        await activityRepo.record(tx, byApiKey(key), deps.now(), {
          kind: 'webhook.deleted',
          subjectId: id,
          subjectName: current.name,
          before: activityFields(current, SHOWN),
        });
      });
    },
    async remove(user: UserRow, id: string, by: ActivityBy) {
      const current = await owned(user, id);
      await db.transaction(async (tx) => {
        await webhooksRepo.delete(tx, id);
        await activityRepo.record(tx, by, deps.now(), {
          kind: 'webhook.deleted',
          subjectId: id,
          subjectName: current.name,
          before: activityFields(current, SHOWN),
        });
      });
    },
  };
}

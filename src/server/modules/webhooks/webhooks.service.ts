import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_EVENT,
  type webhookBody,
  type webhookPatch,
  type WebhookDto,
} from '@contracts/events';
import type { z } from 'zod';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { usersRepo } from '../users/users.repo';
import type { SecretBox } from '../../lib/crypto';
import { eventsRepo } from '../events/events.repo';
import { webhooksRepo, type WebhookRow } from './webhooks.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

/** Standard Webhooks secret format: "whsec_" + base64 of 24 random bytes. */
/** What a webhook's entries show: never its secret. */
const SHOWN = ['name', 'url', 'isActive', 'triggers'] as const;

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function createWebhooksService(db: Db, box: SecretBox, deps: { now: () => Date }) {
  const m = nl.eventRules;
  const toDto = (row: WebhookRow): WebhookDto => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    url: row.url,
    isActive: row.isActive,
    triggers: row.triggers as WebhookDto['triggers'],
    secret: box.decrypt(row.secret),
    createdAt: row.createdAt.toISOString(),
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

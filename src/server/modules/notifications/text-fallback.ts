import { TEXT_CHANNELS, type NotificationChannel, type TextChannel } from '@contracts/enums';
import type { Db } from '../../db/client';
import type { NotificationRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { notificationsRepo } from './notifications.repo';

/**
 * A text confirmation that failed for good (the provider refused it, its last retry failed, or the
 * provider reported it undelivered later) is sent by e-mail instead, when the customer gave an
 * address (docs/PRODUCT.md#text-messages): one e-mail row with `{ fallbackFor }` and its job on the
 * mail queue, planned once per text message and not when the booking's e-mail confirmation went out.
 * It goes even when the owner switched the e-mail confirmation off: the customer must hear of it.
 */
const isTextChannel = (channel: NotificationChannel): channel is TextChannel =>
  (TEXT_CHANNELS as readonly string[]).includes(channel);

export function createTextFallback({ db, jobs, now }: { db: Db; jobs: JobQueue; now: () => Date }) {
  return async function fallBack(text: NotificationRow): Promise<string | null> {
    if (text.kind !== 'confirmation' || !isTextChannel(text.channel)) return null;
    if (!text.bookingId) return null;
    return db.transaction(async (tx) => {
      const id = await notificationsRepo.planFallback(tx, text, now());
      if (id) await jobs.enqueue(tx, 'mail', { notificationId: id }, { id });
      return id;
    });
  };
}
export type TextFallback = ReturnType<typeof createTextFallback>;

import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@contracts/enums';
import { RECENT_DELIVERIES, type WebhookDeliveryDto } from '@contracts/notifications';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { NotificationRow, UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { webhooksRepo } from '../webhooks/webhooks.repo';
import { notificationsRepo } from './notifications.repo';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
/** The body's `type`; bodies frozen before triggers existed had none and reported a new booking. */
const triggerOf = (value: unknown): WebhookTrigger =>
  WEBHOOK_TRIGGERS.find((t) => t === value) ?? 'booking.created';

function toDto(row: NotificationRow): WebhookDeliveryDto {
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerName: text(row.payload.customer_name),
    bookingDate: text(row.payload.booking_date),
    bookingTime: text(row.payload.booking_time),
    trigger: triggerOf(row.payload.type),
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/** The owner's view of what their webhooks delivered (the webhooks tab). */
export function createWebhookDeliveriesService(db: Db) {
  return {
    async recent(user: UserRow, webhookId: string): Promise<WebhookDeliveryDto[]> {
      if (!(await webhooksRepo.findOwned(db, user.id, webhookId)))
        throw notFound(nl.eventRules.webhookNotFound);
      return (await notificationsRepo.listForWebhook(db, webhookId, RECENT_DELIVERIES)).map(toDto);
    },
  };
}

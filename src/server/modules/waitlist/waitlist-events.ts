import type { WebhookTrigger } from '@contracts/enums';
import type { Db } from '../../db/client';
import type { WaitlistEntryRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { eventsRepo } from '../events/events.repo';
import { WEBHOOK_KIND_OF } from '../notifications/booking-notifier';
import { notificationsRepo } from '../notifications/notifications.repo';

export type WaitlistTrigger = Extract<WebhookTrigger, `waitlist.${string}`>;
type Told = WaitlistTrigger | 'waitlist.lapsed' | 'waitlist.left' | 'waitlist.removed';

/** The body of a waitlist webhook (docs/PRODUCT.md#waitlist), frozen when planned. */
export function waitlistPayload(
  type: WaitlistTrigger,
  entry: WaitlistEntryRow,
  event: { id: string; title: string },
  at: Date,
  position?: number,
) {
  return {
    type,
    timestamp: at.toISOString(),
    event_id: event.id,
    event_title: event.title,
    waitlist_entry_id: entry.id,
    customer_name: entry.customerName,
    customer_email: entry.customerEmail,
    customer_phone: entry.customerPhone,
    wait_date: entry.waitDate,
    wait_time: entry.waitTime,
    seats: entry.seats,
    ...(position !== undefined && { position }),
    offer_time: entry.offerTime,
    offer_expires_at: entry.offerExpiresAt?.toISOString() ?? null,
    booking_id: entry.bookingId,
  };
}

/**
 * What a waitlist change tells, in its own transaction: the activity log's entry, and for joined,
 * offered and claimed the event's webhooks that listen for it (one delivery row and job each, sent
 * like every webhook: notification-delivery.ts posts the frozen body).
 */
export async function tellWaitlist(
  tx: Db,
  jobs: JobQueue,
  what: { kind: Told; entry: WaitlistEntryRow; by: ActivityBy; at: Date; position?: number },
) {
  const { kind, entry, by, at } = what;
  await activityRepo.record(tx, by, at, {
    kind,
    subjectId: entry.id,
    subjectName: entry.customerName,
    bookingId: entry.bookingId ?? entry.offerBookingId,
    after: { date: entry.waitDate, time: entry.offerTime ?? entry.waitTime, seats: entry.seats },
  });
  if (kind !== 'waitlist.joined' && kind !== 'waitlist.offered' && kind !== 'waitlist.claimed') return;
  const context = await eventsRepo.notifierContext(tx, entry.eventId);
  const hooks = context?.webhooks.filter((h) => h.triggers.includes(kind)) ?? [];
  if (!context || !hooks.length) return;
  const payload = waitlistPayload(kind, entry, context.event, at, what.position);
  const rows = hooks.map((hook) => ({
    id: crypto.randomUUID(),
    ownerId: entry.ownerId,
    bookingId: entry.bookingId,
    webhookId: hook.id,
    channel: 'webhook' as const,
    kind: WEBHOOK_KIND_OF[kind],
    payload,
    dueAt: at,
    createdAt: at,
  }));
  await notificationsRepo.insert(tx, rows);
  for (const row of rows) await jobs.enqueue(tx, 'webhook', { notificationId: row.id }, { id: row.id });
}

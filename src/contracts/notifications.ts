import { z } from 'zod';
import { DELIVERY_STATUSES, EMAIL_KINDS, WEBHOOK_TRIGGERS } from './enums';

/**
 * Why the owner's own mail connection stopped working: their SMTP server or Gmail refuses us
 * (`auth`: password, revoked grant; the owner must act) or cannot be reached (`unreachable`).
 */
export const MAIL_BROKEN_REASONS = [
  'smtp_auth',
  'smtp_unreachable',
  'gmail_auth',
  'gmail_unreachable',
] as const;
export type MailBrokenReason = (typeof MAIL_BROKEN_REASONS)[number];

/**
 * The fixed properties of a webhook body (docs/PRODUCT.md#webhook-payload), in the one list
 * notification-content.ts builds them from. A custom field named like one of them would lose the
 * customer's answer in the body, so such a name is refused when an event or template is saved.
 */
export const WEBHOOK_PAYLOAD_FIELDS = [
  'event_id',
  'event_title',
  'event_description',
  'booking_id',
  'customer_name',
  'customer_email',
  'customer_phone',
  'booking_date',
  'booking_time',
  'startsAt',
  'endsAt',
  'status',
  'payment_status',
  'timestamp',
  'type',
  'previous_booking_date',
  'previous_booking_time',
  /** A visit's first segment: every segment of the visit (docs/PRODUCT.md#webhook-payload). */
  'segments',
] as const;
export type WebhookPayloadField = (typeof WEBHOOK_PAYLOAD_FIELDS)[number];
const reservedNames: ReadonlySet<string> = new Set(WEBHOOK_PAYLOAD_FIELDS);
export const isReservedFieldName = (name: string) => reservedNames.has(name);

/** One delivery of a webhook as the owner sees it in the webhooks tab (newest first). */
export const webhookDeliveryDto = z.object({
  id: z.string(),
  bookingId: z.string().nullable(),
  customerName: z.string().nullable(),
  bookingDate: z.string().nullable(),
  bookingTime: z.string().nullable(),
  /** What the delivery reported (deliveries from before triggers reported new bookings). */
  trigger: z.enum(WEBHOOK_TRIGGERS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** HTTP status of the last attempt, if the receiver answered at all. */
  responseStatus: z.number().int().nullable(),
  /** Short reason of the last failed attempt (timeout, refused address, status code). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the next retry is due while the delivery is still pending after a failure. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

/** How many recent deliveries the webhooks tab shows per webhook. */
export const RECENT_DELIVERIES = 20;

/** How long an e-mail waits for a broken mail connection, counted from when it was due; then it fails. */
export const MAIL_WAIT_DAYS = 7;

/** An e-mail that was given up on, and the customer it was for (the owner may want to tell them). */
export const failedMailDto = z.object({
  id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  bookingDate: z.string().nullable(),
  bookingTime: z.string().nullable(),
  dueAt: z.string(),
  lastError: z.string().nullable(),
});
export type FailedMailDto = z.infer<typeof failedMailDto>;

/** GET /api/email-status: whether the owner's own mail connection works, what waits, what failed. */
export const mailStatusDto = z.object({
  /** Their SMTP server or Gmail failed (and has not worked since); null while it works. */
  broken: z.object({ reason: z.enum(MAIL_BROKEN_REASONS), since: z.string() }).nullable(),
  /** Customer e-mails waiting for the connection to work again. */
  waiting: z.number().int(),
  /** E-mails that could not be sent, due in the last RECENT_FAILED_DAYS days, newest first. */
  failed: z.array(failedMailDto),
});
export type MailStatusDto = z.infer<typeof mailStatusDto>;

/** How far back the owner is shown e-mails that could not be sent. */
export const RECENT_FAILED_DAYS = 14;

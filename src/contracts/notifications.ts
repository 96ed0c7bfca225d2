import { z } from 'zod';

/** What became of one notification (e-mail or webhook delivery). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why the owner's own mail connection stopped working: their SMTP server or Gmail refuses us
 * (`auth`: password, revoked grant; the owner must act) or cannot be reached (`unreachable`).
 */
export const MAIL_BROKEN_REASONS = ['smtp_auth', 'smtp_unreachable', 'gmail_auth', 'gmail_unreachable'] as const;
export type MailBrokenReason = (typeof MAIL_BROKEN_REASONS)[number];

/** One delivery of a webhook as the owner sees it in the webhooks tab (newest first). */
export const webhookDeliveryDto = z.object({
  id: z.string(),
  bookingId: z.string().nullable(),
  customerName: z.string().nullable(),
  bookingDate: z.string().nullable(),
  bookingTime: z.string().nullable(),
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

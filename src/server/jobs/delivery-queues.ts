import type { NotificationChannel } from '@contracts/enums';

/**
 * Which queue carries each channel's notifications: one row per channel, so a new channel is one more
 * entry here (the type check asks for it) and one more sender in notification-delivery.ts, rather
 * than an either/or at every place that plans, queues or works a message.
 */
export const CHANNEL_QUEUE = {
  email: 'mail',
  webhook: 'webhook',
  // SMS and WhatsApp: one queue, as both are one call to the owner's provider (docs/PRODUCT.md#text-messages).
  sms: 'text',
  whatsapp: 'text',
} as const satisfies Record<NotificationChannel, string>;

/** A queue of notification deliveries (each job names one notifications row). */
export type DeliveryQueue = (typeof CHANNEL_QUEUE)[NotificationChannel];

/** Every delivery queue once, for the workers. */
export const DELIVERY_QUEUES = [...new Set(Object.values(CHANNEL_QUEUE))] as DeliveryQueue[];

/**
 * Every closed list of values the product stores or sends, defined once (the lists the pure rules
 * need, date range types and currencies, live in src/core): the zod contracts, the Drizzle schema (column types and CHECK constraints) and the web app read them from here. Plain
 * constants without zod, so the public booking page can import them without the zod bundle.
 */
export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ['not_required', 'paid', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The owner's editable e-mail templates (the follow-up and owner notices have fixed texts). */
export const EMAIL_TEMPLATE_TYPES = ['confirmation', 'modification', 'cancellation', 'reminder'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const REMINDER_UNITS = ['hours', 'days'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

export const EMAIL_PROVIDERS = ['system', 'gmail', 'smtp'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The e-mails the notifier plans (notifications.kind of the e-mail channel). */
export const EMAIL_KINDS = [
  'confirmation',
  'owner_notice',
  'modification',
  'cancellation',
  'reminder',
  'follow_up',
] as const;
/** notifications.kind: the e-mails plus the webhook's one event. */
export const NOTIFICATION_KINDS = [...EMAIL_KINDS, 'booking_created'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What became of one notification (e-mail or webhook delivery). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

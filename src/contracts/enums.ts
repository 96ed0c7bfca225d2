/**
 * Every closed list of values the product stores or sends, defined once (the lists the pure rules
 * need, date range types and currencies, live in src/core): the zod contracts, the Drizzle schema (column types and CHECK constraints) and the web app read them from here. Plain
 * constants without zod, so the public booking page can import them without the zod bundle.
 */
/**
 * `requested`: a customer's booking of a service that needs the owner's approval
 * (docs/PRODUCT.md#approval); it holds its time like a confirmed booking until decided or expired.
 */
export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled', 'requested'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * `refunded`: the money paid online went back to the customer; `partially_refunded`: part of it
 * (docs/PRODUCT.md#refunds).
 */
export const PAYMENT_STATUSES = [
  'not_required',
  'paid',
  'pending',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a refund stands while it is not done: asked of the provider, or refused (retried by a job). */
export const REFUND_STATUSES = ['pending', 'failed', 'succeeded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How the owner cancels a paid booking: give back everything paid online, or nothing. */
export const REFUND_CHOICES = ['full', 'none'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/** The owner's editable e-mail templates (the follow-up and owner notices have fixed texts). */
export const EMAIL_TEMPLATE_TYPES = ['confirmation', 'modification', 'cancellation', 'reminder'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const REMINDER_UNITS = ['hours', 'days'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

/**
 * Whether the owner's payment keys work: `missing` (no public key, no secret key, or one sealed under
 * another APP_SECRET), `broken` (the provider refused the stored secret key), `ok`. A service that
 * requires payment can be booked only with `ok`.
 */
export const PAYMENT_KEYS_STATUSES = ['missing', 'broken', 'ok'] as const;
export type PaymentKeysStatus = (typeof PAYMENT_KEYS_STATUSES)[number];

export const EMAIL_PROVIDERS = ['system', 'gmail', 'smtp'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The owner's own text-message provider (docs/PRODUCT.md#messaging): Twilio (SMS and WhatsApp) or MessageBird (SMS). */
export const MESSAGING_PROVIDERS = ['twilio', 'messagebird'] as const;
export type MessagingProvider = (typeof MESSAGING_PROVIDERS)[number];
/** The providers that send WhatsApp messages too: only they may save a WhatsApp sender. */
export const WHATSAPP_PROVIDERS: readonly MessagingProvider[] = ['twilio'];

/**
 * Whether the owner's text-message connection works: `missing` (none, or keys sealed under another
 * APP_SECRET), `broken` (the provider refused the stored keys since they were saved), `ok`.
 */
export const MESSAGING_STATUSES = ['missing', 'broken', 'ok'] as const;
export type MessagingStatus = (typeof MESSAGING_STATUSES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'webhook', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels of text messages to the customer's phone, through the owner's provider (docs/PRODUCT.md#text-messages). */
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly NotificationChannel[];
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** The customer messages a service may also send by text (events.text_messages `send`). */
export const TEXT_KINDS = ['confirmation', 'modification', 'cancellation', 'reminder'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/**
 * A text message's status as its provider last reported it (notifications.provider_status): handed
 * over (`queued`), sent to the network, delivered to the phone, or not (`undelivered`, `failed`).
 */
export const TEXT_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type TextDeliveryStatus = (typeof TEXT_DELIVERY_STATUSES)[number];

/** The e-mails the notifier plans (notifications.kind of the e-mail channel). */
export const EMAIL_KINDS = [
  'confirmation',
  'owner_notice',
  'modification',
  'cancellation',
  'reminder',
  'follow_up',
  // docs/PRODUCT.md#approval: the customer's 'Uw aanvraag is ontvangen' and the decline.
  'request_received',
  'request_declined',
] as const;

/** Which customer bookings of a service wait for the owner's approval (docs/PRODUCT.md#approval). */
export { APPROVAL_MODES } from '@core/approval';
export type { ApprovalMode } from '@core/approval';
/**
 * What a webhook can be told, as the owner picks it per webhook (`event_webhooks.triggers`; a webhook
 * made before triggers existed hears only `booking.created`, as it always did).
 */
export const WEBHOOK_TRIGGERS = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.paid',
  'booking.no_show',
  // The waitlist (docs/PRODUCT.md#waitlist): someone joined, was offered a place, took it.
  'waitlist.joined',
  'waitlist.offered',
  'waitlist.claimed',
  // docs/PRODUCT.md#approval: a request waits for the owner; it was declined or expired.
  'booking.requested',
  'booking.declined',
] as const;
export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

/** notifications.kind: the e-mails plus the webhook events. */
export const NOTIFICATION_KINDS = [
  ...EMAIL_KINDS,
  'booking_created',
  'booking_rescheduled',
  'booking_cancelled',
  'booking_paid',
  'booking_no_show',
  'waitlist_joined',
  'waitlist_offered',
  'waitlist_claimed',
  'booking_requested',
  'booking_declined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What became of one notification (e-mail or webhook delivery). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What happened to a booking, as its history (booking_history.kind) shows it: made, moved (date, time
 * or agenda), cancelled, paid online, marked or unmarked as not shown, its customer details edited
 * by the owner, or its personal data anonymised (an erasure request or the retention period).
 */
export const BOOKING_HISTORY_KINDS = [
  'created',
  'rescheduled',
  'cancelled',
  'paid',
  'no_show',
  'no_show_cleared',
  'details_changed',
  'anonymised',
  // docs/PRODUCT.md#approval: asked for, approved, declined (by the owner, or expired: the system).
  'requested',
  'approved',
  'declined',
] as const;
export type BookingHistoryKind = (typeof BOOKING_HISTORY_KINDS)[number];

/**
 * Who made a change: the customer (booking page, manage link), the owner (the app), Google (the
 * owner deleted the booking's event in Google Calendar), the system (a payment provider's answer,
 * an expired payment hold) or an API key of the business (its name in the entry's member name).
 */
export const BOOKING_ACTORS = ['customer', 'owner', 'google', 'system', 'api_key'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/** The image types a business logo may have, recognised by their content (docs/PRODUCT.md#business-profile). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export { SERIES_EVERY } from '@core/series';
export type { SeriesEvery } from '@core/series';

/**
 * What a change of one occurrence of a series reaches (docs/PRODUCT.md#series): 'Alleen deze
 * afspraak', or 'Deze en alle volgende'.
 */
export const SERIES_SCOPES = ['this', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** Why a date of a series cannot be booked: its time is taken, or does not exist that day (DST). */
export const SERIES_REFUSALS = ['taken', 'skippedTime'] as const;
export type SeriesRefusal = (typeof SERIES_REFUSALS)[number];

export { MEMBER_ROLES, INVITABLE_ROLES, MEMBER_ACTIONS } from '@core/permissions';
export type { MemberRole, InvitableRole, MemberAction } from '@core/permissions';

/**
 * Who made a change in the activity log (docs/PRODUCT.md#activity): a member of the business, the
 * customer through their manage link or the booking page, the system (a payment, a job), Google, or an
 * API key of the business (the entry's member name is then 'API-sleutel {naam}').
 */
export const ACTIVITY_ACTORS = ['member', 'klant', 'systeem', 'google', 'api_sleutel'] as const;
export type ActivityActor = (typeof ACTIVITY_ACTORS)[number];

/**
 * What the activity log records besides a booking's own history (whose kinds are
 * BOOKING_HISTORY_KINDS, answered by the log as `booking.<kind>`): a booking removed for good or
 * refunded, the business's set-up, its settings and keys, the team and the sign-ins.
 */
export const ACTIVITY_KINDS = [
  'booking.deleted',
  'booking.refunded',
  'service.created',
  'service.updated',
  'service.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'template.created',
  'template.updated',
  'template.deleted',
  'email_template.updated',
  'agenda.created',
  'agenda.updated',
  'agenda.deleted',
  'closure.created',
  'closure.updated',
  'closure.deleted',
  'settings.updated',
  'business_profile.updated',
  'payment_keys.updated',
  'payment_keys.removed',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'team.invited',
  'team.invitation_revoked',
  'team.joined',
  'team.updated',
  'team.removed',
  'customer.created',
  'customer.updated',
  'customer.merged',
  'customer.blocked',
  'customer.unblocked',
  'customer.imported',
  'waitlist.joined',
  'waitlist.offered',
  'waitlist.claimed',
  'waitlist.lapsed',
  'waitlist.left',
  'waitlist.removed',
  'team.owner_changed',
  'team.settings_updated',
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_in.two_factor_enabled',
  'sign_in.two_factor_disabled',
  'sign_in.password_changed',
  'api_key.created',
  'api_key.revoked',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What an API key may do (docs/PRODUCT.md#public-api): read only, or read and write. */
export const API_KEY_ACCESS = ['read', 'read-write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** How a customer's marketing consent was given or withdrawn: set by the owner on the card, or brought by an import. */
export const CONSENT_SOURCES = ['owner', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The orders of the customer list (docs/PRODUCT.md#customers). */
export const CUSTOMER_SORTS = ['lastVisit', 'name', 'visits'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/**
 * Where a waitlist entry stands (docs/PRODUCT.md#waitlist): waiting; offered a held place (a time's
 * entry); booked through it; left by the customer; removed by the owner; its offer lapsed unclaimed.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'left', 'removed', 'lapsed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

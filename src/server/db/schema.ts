import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model of docs/PRODUCT.md#entities plus sessions. JSON columns carry the spec's shapes;
 * their types come from src/core so server and web agree on them.
 * The booking overlap exclusion constraint lives in a custom migration (drizzle-kit cannot express it).
 */
import type { DailyPauseTimes, DateOverride, WorkingDays } from '@core/index';
import { DATE_RANGE_TYPES, CURRENCIES, DEPOSIT_FOR, DEPOSIT_TYPES } from '@core/index';
import {
  ACTIVITY_ACTORS,
  ACTIVITY_KINDS,
  API_KEY_ACCESS,
  BOOKING_ACTORS,
  BOOKING_HISTORY_KINDS,
  APPROVAL_MODES,
  BOOKING_STATUSES,
  CONSENT_SOURCES,
  DELIVERY_STATUSES,
  EMAIL_PROVIDERS,
  EMAIL_TEMPLATE_TYPES,
  LOGO_TYPES,
  MEMBER_ROLES,
  MESSAGING_PROVIDERS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
  TEXT_DELIVERY_STATUSES,
  REFUND_STATUSES,
  type ReminderUnit,
  WAITLIST_STATUSES,
  WEBHOOK_TRIGGERS,
  type WebhookTrigger,
} from '@contracts/enums';
import { INVITABLE_ROLES } from '@core/permissions';
import { MAIL_BROKEN_REASONS } from '@contracts/notifications';
import type { TextMessagesSettings } from '@contracts/text-messages';

/** `column in ('a', 'b')` for a CHECK constraint, from the one definition of the list. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/**
 * Stored times the app reads back or orders by come from the app's clock (`createServices`' clock),
 * never from a database default: the database server's clock may differ from the app's (a test's
 * clock, TEST_TODAY, a drifting server). docs/decisions/015-app-clock-for-stored-times.md;
 * db/app-clock.test.ts fails on a new `defaultNow()`.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull();
const id = () => uuid('id').primaryKey().defaultRandom();

export const users = pgTable(
  'users',
  {
    id: id(),
    // The business's handle: its founder's username at registration (the business page's first slug,
    // the sender name's last fallback). Signing in is by a member's username (`members`).
    username: text('username').notNull(),
    // Where the business's own notices go: the eigenaar's e-mail address, kept with it.
    email: text('email'),
    // Every member must use two-step sign-in (docs/PRODUCT.md#two-step-sign-in).
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    stripePublicKey: text('stripe_public_key'),
    stripeSecretKey: text('stripe_secret_key'), // AES-256-GCM ciphertext
    // The provider refused the stored secret key (revoked or rolled): paid services cannot be booked
    // until the owner saves working keys again; cleared by a successful save.
    paymentKeysBrokenAt: timestamp('payment_keys_broken_at', { withTimezone: true }),
    // The webhook endpoint created on the owner's account when the keys were saved over https, and
    // its signing secret (AES-256-GCM ciphertext): payment events confirm bookings within seconds.
    stripeWebhookEndpointId: text('stripe_webhook_endpoint_id'),
    stripeWebhookSecret: text('stripe_webhook_secret'),
    // "Automatisch terugbetalen bij tijdig annuleren": a customer's cancel before the cut-off refunds.
    autoRefund: boolean('auto_refund').notNull().default(false),
    // docs/PRODUCT.md#approval (migration 0033): how long a request waits for the owner's decision
    // before it lapses (never past the appointment's start).
    approvalHours: integer('approval_hours').notNull().default(48),
    // The customers' answers (health questions among them) in the calendar feed and Google Calendar
    // events: calendars outside the app, so off unless the owner turns it on.
    calendarShowAnswers: boolean('calendar_show_answers').notNull().default(false),
    googleAccessToken: text('google_access_token'), // ciphertext; presence means Google connected
    googleRefreshToken: text('google_refresh_token'),
    googleTokenExpiry: timestamp('google_token_expiry', { withTimezone: true }),
    emailProvider: text('email_provider', { enum: EMAIL_PROVIDERS }).notNull().default('system'),
    emailFromName: text('email_from_name'),
    gmailAccessToken: text('gmail_access_token'),
    gmailRefreshToken: text('gmail_refresh_token'),
    gmailTokenExpiry: timestamp('gmail_token_expiry', { withTimezone: true }),
    // The Google account address Gmail sends from (read at connect time).
    gmailAddress: text('gmail_address'),
    // Set when Google refused a refresh (access revoked or grant expired): shown as broken in settings.
    googleBrokenAt: timestamp('google_broken_at', { withTimezone: true }),
    gmailBrokenAt: timestamp('gmail_broken_at', { withTimezone: true }),
    // The Google account (OpenID `sub`) each connection was made with. Google keeps one grant per
    // account and app, so disconnecting one revokes at Google only when the other uses another account.
    googleAccountSub: text('google_account_sub'),
    gmailAccountSub: text('gmail_account_sub'),
    // The owner's own mail connection (their SMTP server or Gmail) stopped working: since when, why
    // (MAIL_BROKEN_REASONS) and when they were last told by e-mail. Customer mails wait meanwhile.
    mailBrokenAt: timestamp('mail_broken_at', { withTimezone: true }),
    mailBrokenReason: text('mail_broken_reason', { enum: MAIL_BROKEN_REASONS }),
    mailWarnedAt: timestamp('mail_warned_at', { withTimezone: true }),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpUsername: text('smtp_username'),
    smtpPassword: text('smtp_password'), // ciphertext
    smtpSecure: boolean('smtp_secure').notNull().default(true),
    // The secret calendar feed address (/feed/{token}.ics): its SHA-256 to find the owner, and the
    // token sealed (AES-256-GCM) so Instellingen can show the address again. Replaced as a pair.
    calendarFeedTokenHash: text('calendar_feed_token_hash'),
    calendarFeedToken: text('calendar_feed_token'),
    // docs/PRODUCT.md#privacy: bookings that ended longer ago than this many months are anonymised
    // by the daily retention job; null keeps them.
    retentionMonths: integer('retention_months'),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique regardless of case so "Anna" cannot impersonate "anna".
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_calendar_feed_token_hash_idx')
      .on(t.calendarFeedTokenHash)
      .where(sql`${t.calendarFeedTokenHash} is not null`),
    check('users_email_provider_check', oneOf(t.emailProvider, EMAIL_PROVIDERS)),
    check('users_retention_months_check', sql`${t.retentionMonths} between 1 and 120`),
    check('users_approval_hours_check', sql`${t.approvalHours} between 1 and 336`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The business behind an owner's public pages (docs/PRODUCT.md#business-profile): its name and logo
 * head every public page, `public_slug` is the address of its page with all services (`/p/{slug}`).
 * The database makes the row with the user (migration 0016), with a slug from the username, so every
 * owner has a business page from the start. The logo's bytes were checked by content when stored.
 */
export const businessProfiles = pgTable(
  'business_profiles',
  {
    ownerId: uuid('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    privacyUrl: text('privacy_url'),
    publicSlug: text('public_slug').notNull(),
    logo: bytea('logo'),
    logoType: text('logo_type', { enum: LOGO_TYPES }),
    // Part of the logo's public address, so a new logo is never served from a stale cache.
    logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('business_profiles_public_slug_idx').on(t.publicSlug),
    check('business_profiles_logo_type_check', oneOf(t.logoType, LOGO_TYPES)),
  ],
);

/**
 * A login of a business (docs/PRODUCT.md#team): the `users` row is the business (its id is what every
 * `owner_id`/`user_id` column holds), a member signs in with their own username and password and acts
 * with their role. The founder's member row shares the business's id. Exactly one eigenaar per business.
 */
export const members = pgTable(
  'members',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    password: text('password').notNull(), // argon2id hash, never the password
    email: text('email'),
    name: text('name').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    // Two-step sign-in: the TOTP secret (AES-256-GCM ciphertext) from setup on, in use once enabled;
    // the last time step a code was accepted for, so one code signs in once.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique regardless of case so "Anna" cannot impersonate "anna".
    uniqueIndex('members_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('members_business_email_idx')
      .on(t.businessId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('members_one_eigenaar_idx')
      .on(t.businessId)
      .where(sql`${t.role} = 'eigenaar'`),
    index('members_business_idx').on(t.businessId),
    check('members_role_check', oneOf(t.role, MEMBER_ROLES)),
  ],
);
export type MemberRow = typeof members.$inferSelect;

/** The agendas a member is linked to: a medewerker sees the bookings of these only. */
export const memberAgendas = pgTable(
  'member_agendas',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    agendaId: uuid('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.agendaId] }),
    index('member_agendas_agenda_idx').on(t.agendaId),
  ],
);

/** Single-use recovery codes of two-step sign-in: only their SHA-256 is stored. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('member_recovery_codes_member_idx').on(t.memberId)],
);

/**
 * An invitation to join a business (docs/PRODUCT.md#team): only the token's SHA-256 is stored; valid
 * until expires_at, spent by accepted_at. The agendas are checked again when it is accepted.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: INVITABLE_ROLES }).notNull(),
    agendaIds: jsonb('agenda_ids').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => members.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_idx').on(t.tokenHash),
    index('team_invitations_business_idx').on(t.businessId),
    check('team_invitations_role_check', oneOf(t.role, INVITABLE_ROLES)),
  ],
);
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value; the cookie value itself is never stored
    // The business; the member signed in is `member_id` (removing the member ends its sessions).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    // The password was right but the second step is still to come: not a session yet, only the
    // pending sign-in `POST /api/login/2fa` completes (short-lived).
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_member_id_idx').on(t.memberId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const eventCategories = pgTable(
  'event_categories',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#3B82F6'),
    createdAt: createdAt(),
  },
  (t) => [index('event_categories_user_id_idx').on(t.userId)],
);

/**
 * Something that can be booked once at a time: a person (the owner, a stylist) or a room. Live bookings
 * of one agenda never overlap, whatever services they belong to (the exclusion constraint of migration
 * 0011). Every owner has exactly one default agenda, created by a trigger with the user row. A deleted
 * agenda is only marked (`deleted_at`): its past bookings keep saying whom they were with.
 */
export const agendas = pgTable(
  'agendas',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#3B82F6'),
    isDefault: boolean('is_default').notNull().default(false),
    // A Google calendar of this agenda's own (a stylist's) whose busy times block it for every service.
    googleCalendarId: text('google_calendar_id'),
    // Set by migration 0011 on an agenda it had to create because a service's bookings overlapped
    // others: the owner is shown what to resolve until they mark it seen.
    needsReview: boolean('needs_review').notNull().default(false),
    // The agenda's own week (docs/PRODUCT.md#agenda-hours), in the shapes a service uses. Null: open
    // whenever its services are.
    workingDays: jsonb('working_days').$type<WorkingDays>(),
    dailyPauseTimes: jsonb('daily_pause_times').$type<DailyPauseTimes>(),
    // A small number of its own: the exclusion constraint compares the agendas a booking occupies as
    // an integer array (bookings.agenda_nums, intarray's GiST), since uuid[] has no GiST operator class.
    num: integer('num').notNull().generatedAlwaysAsIdentity(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('agendas_user_id_idx').on(t.userId),
    uniqueIndex('agendas_num_idx').on(t.num),
    uniqueIndex('agendas_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
export type AgendaRow = typeof agendas.$inferSelect;

/**
 * An agenda's absence (a holiday, a course, a doctor's visit): whole days from `startDate` to
 * `endDate`, or on each of those days the hours [startTime, endTime). The reason is the owner's only.
 */
export const agendaAbsences = pgTable(
  'agenda_absences',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agendaId: uuid('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('agenda_absences_agenda_end_idx').on(t.agendaId, t.endDate),
    index('agenda_absences_user_end_idx').on(t.userId, t.endDate),
    check('agenda_absences_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'agenda_absences_hours_check',
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} is not null and ${t.endTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
  ],
);
export type AgendaAbsenceRow = typeof agendaAbsences.$inferSelect;

/** Closed periods (docs/PRODUCT.md#closures): the whole business, or one agenda when `agendaId` is set. */
export const closures = pgTable(
  'closures',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agendaId: uuid('agenda_id').references(() => agendas.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    /** Closes the same calendar dates every year from `startDate` on (core closureCovers). */
    yearly: boolean('yearly').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('closures_user_end_idx').on(t.userId, t.endDate),
    check('closures_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
export type ClosureRow = typeof closures.$inferSelect;

/**
 * The booking rules of a service (docs/PRODUCT.md#booking-rules), the same columns on events and
 * templates. Their defaults are the rules being off.
 */
const bookingRuleColumns = () => ({
  minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(0),
  bookingHorizonDays: integer('booking_horizon_days'),
  bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
  bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
  slotIntervalMinutes: integer('slot_interval_minutes'),
  maxBookingsPerDay: integer('max_bookings_per_day'),
  cancelCutoffHours: integer('cancel_cutoff_hours'),
  rescheduleCutoffHours: integer('reschedule_cutoff_hours'),
  policyText: text('policy_text'),
  dateOverrides: jsonb('date_overrides').$type<DateOverride[]>().notNull().default([]),
});

/** docs/PRODUCT.md#deposits: part of the price paid online, perhaps only by new customers. */
const depositColumns = () => ({
  depositType: text('deposit_type', { enum: DEPOSIT_TYPES }).notNull().default('none'),
  depositValue: numeric('deposit_value', { precision: 10, scale: 2 }),
  depositFor: text('deposit_for', { enum: DEPOSIT_FOR }).notNull().default('everyone'),
});

export const events = pgTable(
  'events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => eventCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    workingDays: jsonb('working_days').$type<WorkingDays>().notNull(),
    dateRangeType: text('date_range_type', { enum: DATE_RANGE_TYPES }).notNull(),
    dateRangeStart: date('date_range_start', { mode: 'string' }),
    dateRangeEnd: date('date_range_end', { mode: 'string' }),
    specificDates: text('specific_dates').array(),
    dailyPauseTimes: jsonb('daily_pause_times').$type<DailyPauseTimes>(),
    durationMinutes: integer('duration_minutes').notNull(),
    requiresPayment: boolean('requires_payment').notNull().default(false),
    paymentAmount: numeric('payment_amount', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    slug: text('slug').notNull().unique(),
    googleCalendarId: text('google_calendar_id'),
    themeColor: text('theme_color').notNull().default('#3B82F6'),
    // The agendas this service books into, in the owner's order; an empty list is filled with the
    // owner's default agenda by a trigger (migration 0011).
    agendaIds: uuid('agenda_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // The service's further needs (docs/PRODUCT.md#agenda-groups): each a list of agendas of which a
    // booking occupies one as well, for its whole time (a room beside the person of `agendaIds`).
    extraAgendaGroups: jsonb('extra_agenda_groups').$type<string[][]>().notNull().default([]),
    // The customer may book it together with other services as one visit ('Nog een dienst toevoegen').
    allowCombinations: boolean('allow_combinations').notNull().default(false),
    // A group class (docs/PRODUCT.md#classes): places sold per time in an agenda (1: one customer,
    // the booking of the spec) and the most one booking may take (2: a duo). Migration 0030.
    seats: integer('seats').notNull().default(1),
    maxSeatsPerBooking: integer('max_seats_per_booking').notNull().default(1),
    // docs/PRODUCT.md#waitlist (migration 0031): customers may wait for a full time or day, and a
    // freed place of a time is held this long for the first of them.
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(false),
    waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(120),
    // docs/PRODUCT.md#series (migration 0032): the numbers of weekly times a customer may book as one
    // series (4, 6, 8…); empty: customers book one time.
    seriesOptions: integer('series_options')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // docs/PRODUCT.md#approval (migration 0033): whose bookings wait for the owner's approval.
    approval: text('approval', { enum: APPROVAL_MODES }).notNull().default('none'),
    // docs/PRODUCT.md#text-messages (migration 0038): which customer messages also go by SMS or
    // WhatsApp, the reminder's time and the owner's texts; null: none.
    textMessages: jsonb('text_messages').$type<TextMessagesSettings>(),
    ...bookingRuleColumns(),
    ...depositColumns(),
    // 'Niet tonen op de overzichtspagina': bookable by its own link, not listed on /p/{publicSlug}.
    hiddenOnProfile: boolean('hidden_on_profile').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_user_id_idx').on(t.userId),
    index('events_category_id_idx').on(t.categoryId),
    check('events_date_range_type_check', oneOf(t.dateRangeType, DATE_RANGE_TYPES)),
    check('events_deposit_type_check', oneOf(t.depositType, DEPOSIT_TYPES)),
    check('events_deposit_for_check', oneOf(t.depositFor, DEPOSIT_FOR)),
    check('events_duration_check', sql`${t.durationMinutes} > 0`),
    check('events_seats_range', sql`${t.seats} between 1 and 500`),
    check('events_max_seats_per_booking_range', sql`${t.maxSeatsPerBooking} between 1 and ${t.seats}`),
    check('events_waitlist_offer_minutes_range', sql`${t.waitlistOfferMinutes} between 15 and 1440`),
    check(
      'events_series_options_range',
      sql`cardinality(${t.seriesOptions}) <= 6 and 2 <= all(${t.seriesOptions}) and 52 >= all(${t.seriesOptions})`,
    ),
    check('events_approval_check', oneOf(t.approval, APPROVAL_MODES)),
  ],
);

/**
 * The places of one class (a service with seats > 1) at one start in one agenda, counted by the
 * bookings' trigger of migration 0030 inside each booking's own statement, never by the
 * application: `class_sessions_seats_left` refuses the place past the last under any concurrency.
 * `capacity` is the service's `seats` as of the last booking written to the class.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    agendaId: uuid('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    uniqueIndex('class_sessions_event_agenda_start_idx').on(t.eventId, t.agendaId, t.startsAt),
    check('class_sessions_seats_taken_nonnegative', sql`${t.seatsTaken} >= 0`),
    check('class_sessions_seats_left', sql`${t.seatsTaken} <= ${t.capacity}`),
  ],
);

/**
 * A customer of a business (docs/PRODUCT.md#customers): one record per person, found by the e-mail
 * address (trimmed, any case: `email_key`, unique per business so two first bookings at once make one
 * record), else the phone. The figures (visits, no-shows, last and next visit, total paid) are
 * computed from the bookings when read, so they never drift from them.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(btrim(email))`),
    // E.164 ('+31612345678'), as src/core/phone.ts stores it.
    phone: text('phone'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    birthDate: date('birth_date', { mode: 'string' }),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // When and how the consent was given or withdrawn (CONSENT_SOURCES).
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    marketingConsentSource: text('marketing_consent_source', { enum: CONSENT_SOURCES }),
    // When the customer last asked for messages by SMS or WhatsApp on a booking (migration 0038).
    textConsentAt: timestamp('text_consent_at', { withTimezone: true }),
    // Blocked from booking online ('Online boeken is voor u niet mogelijk…'); the owner still can.
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_business_email_idx')
      .on(t.businessId, t.emailKey)
      .where(sql`${t.emailKey} is not null`),
    index('customers_business_phone_idx').on(t.businessId, t.phone),
    index('customers_business_name_idx').on(t.businessId, sql`lower(${t.name})`, t.id),
    // A booking with a name only is linked to the first customer with that name and no address
    // (find_customer, migration 0026): without this each such booking read all of those customers.
    index('customers_bare_name_idx')
      .on(t.businessId, sql`lower(btrim(${t.name}))`, t.createdAt, t.id)
      .where(sql`${t.emailKey} is null and ${t.phone} is null`),
    // The list's tag filter options read only the customers that carry a tag.
    index('customers_tagged_idx')
      .on(t.businessId)
      .where(sql`${t.tags} <> '{}'::text[]`),
    // A search that is an address (it has an @) is a prefix of the stored one: a range in byte order,
    // which a generic plan (PGlite's named statements) can use as well as a custom one.
    index('customers_email_prefix_idx').on(t.businessId, sql`(${t.emailKey} collate "C")`),
    check('customers_consent_source_check', oneOf(t.marketingConsentSource, CONSENT_SOURCES)),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;

/**
 * Which customer another was merged into (the other record is gone): a repeated merge answers as the
 * first one did, and a link to the old card can lead to the kept one.
 */
export const customerMerges = pgTable('customer_merges', {
  fromId: uuid('from_id').primaryKey(),
  intoId: uuid('into_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** The owner's notes on a customer, each perhaps with a day to follow up ('Opvolgen: …'). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    // Who wrote it: the member then (kept as a name when the member is removed).
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    memberName: text('member_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_notes_customer_idx').on(t.customerId, t.createdAt),
    index('customer_notes_follow_up_idx')
      .on(t.businessId, t.followUpOn)
      .where(sql`${t.followUpOn} is not null`),
  ],
);
export type CustomerNoteRow = typeof customerNotes.$inferSelect;

export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    order: integer('order').notNull().default(0),
    // The owner's choices of a `select` or `multiselect` field, in their order.
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The bounds of a `number` field, each optional.
    minValue: numeric('min_value'),
    maxValue: numeric('max_value'),
    // 'Gevoelig (bijv. medisch)': the answer stays inside the app (docs/PRODUCT.md#sensitive-answers).
    sensitive: boolean('sensitive').notNull().default(false),
  },
  (t) => [index('custom_fields_event_id_idx').on(t.eventId, t.order)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // The event's owner, copied by a trigger on insert (migration 0005) so every owner query is one
    // index range instead of a join over all bookings. Never written by the application.
    ownerId: uuid('owner_id'),
    // The agenda the booking occupies. The app always names it (takeSlot hands it out); a row
    // written without one (fixtures, imports) gets its event's first agenda from the trigger, which
    // the explicit NULL below reaches.
    agendaId: uuid('agenda_id')
      .notNull()
      .references(() => agendas.id)
      .$defaultFn(() => sql`null`),
    // The customer picked this agenda (a person) rather than "Geen voorkeur": a move keeps it.
    agendaChosen: boolean('agenda_chosen').notNull().default(false),
    // The agendas of the service's further groups this booking occupies too (a room), in group order.
    extraAgendaIds: uuid('extra_agenda_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // agenda_id and extra_agenda_ids as agendas.num, sorted: what the exclusion constraint compares
    // (migration 0028). Always computed by a trigger; the NULL below only reaches it.
    agendaNums: integer('agenda_nums')
      .array()
      .notNull()
      .$defaultFn(() => sql`null`),
    // A visit (docs/PRODUCT.md#visits): its segments share the id of the first one and are numbered
    // from 0 in order. Null: a booking of one service, a visit of one segment.
    visitId: uuid('visit_id'),
    visitPosition: integer('visit_position').notNull().default(0),
    // An appointment series (docs/PRODUCT.md#series): its occurrences share this id, written in one
    // transaction. Null: a booking of its own.
    seriesId: uuid('series_id'),
    // A series paid in one payment (docs/PRODUCT.md#series): a later occurrence names the first one,
    // which carries the intent; while held it follows that hold (migration 0035). Null otherwise.
    paidById: uuid('paid_by_id'),
    // The customer asked for its messages by SMS or WhatsApp too ('Stuur mij een herinnering per
    // sms'), and when (docs/PRODUCT.md#text-messages, migration 0038). A STOP reply ends it.
    textConsent: boolean('text_consent').notNull().default(false),
    textConsentAt: timestamp('text_consent_at', { withTimezone: true }),
    // The places this booking takes of a class (docs/PRODUCT.md#classes); 1 for every other service.
    seats: integer('seats').notNull().default(1),
    // The class whose places it takes: set by the trigger of migration 0030 from its service, agenda
    // and start, never by the application (a cancelled booking keeps the class it was of).
    classSessionId: uuid('class_session_id').references(() => classSessions.id, { onDelete: 'set null' }),
    // Who occupies the agenda under the exclusion constraint: the class, else the booking itself.
    occupancyKey: uuid('occupancy_key').generatedAlwaysAs(sql`coalesce(class_session_id, id)`),
    // The customer record (docs/PRODUCT.md#customers). A booking written without one is linked by
    // the trigger of migration 0026 (by e-mail, else phone, else a new record), whatever code writes
    // it; the explicit NULL below reaches it. The name, e-mail and phone below are the booking's own.
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id)
      .$defaultFn(() => sql`null`),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    bookingTime: text('booking_time').notNull(),
    // Absolute interval in the owner's time zone; the exclusion constraint works on these.
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // The buffers of the service when the booking was made: a later change of the rules never moves
    // the range an existing booking blocks.
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    // [starts_at - buffer before, ends_at + buffer after): what the booking blocks in its agenda, the
    // range the exclusion constraint compares. Always computed by a trigger (migration 0012) from the
    // four columns above; the NULL below only reaches it.
    blockedFrom: timestamp('blocked_from', { withTimezone: true })
      .notNull()
      .$defaultFn(() => sql`null`),
    blockedTo: timestamp('blocked_to', { withTimezone: true })
      .notNull()
      .$defaultFn(() => sql`null`),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('not_required'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    // Money of this booking (docs/PRODUCT.md#deposits): what the customer paid online (or is paying,
    // while the payment is pending) and what is left to pay at the appointment. Null on bookings made
    // before deposits existed: read as the event's price paid in full.
    amountPaid: numeric('amount_paid', { precision: 10, scale: 2 }),
    amountDue: numeric('amount_due', { precision: 10, scale: 2 }),
    // docs/PRODUCT.md#refunds: the refund asked of the provider; `failed` is retried by a job and
    // shows refundError to the owner. paymentStatus becomes `refunded` (or `partially_refunded`) when it
    // succeeded.
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundError: text('refund_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // The part of amountPaid asked back by a partial refund; null: the whole amount (or no refund).
    refundAmount: numeric('refund_amount', { precision: 10, scale: 2 }),
    // docs/PRODUCT.md#no-shows: the owner marked that the customer did not come.
    noShow: boolean('no_show').notNull().default(false),
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    // Set while a paid booking waits for its payment (a hold) and until the intent of a released hold
    // is settled; a pending hold past this instant no longer blocks its slot.
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    // docs/PRODUCT.md#approval (migration 0033): a request's decision link (its SHA-256; the token
    // itself is sealed into the owner's mail only) and when the request lapses undecided.
    approvalTokenHash: text('approval_token_hash').unique(),
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    googleCalendarEventId: text('google_calendar_event_id'),
    // The calendar the event was written to (the event's calendar may change later).
    googleCalendarId: text('google_calendar_id'),
    managementTokenHash: text('management_token_hash').notNull().unique(), // sha256; token shown once
    // The same token sealed with APP_SECRET (AES-256-GCM): e-mails sent later (reminders, a payment
    // confirmed by the reconciliation) must carry the management link, but the database alone must
    // not reveal it.
    managementTokenBox: text('management_token_box'),
    // iCalendar SEQUENCE of the invitation sent with e-mails: raised on every reschedule and cancel.
    icsSequence: integer('ics_sequence').notNull().default(0),
    customFieldResponses: jsonb('custom_field_responses')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_event_date_idx').on(t.eventId, t.bookingDate),
    index('bookings_agenda_starts_idx').on(t.agendaId, t.startsAt),
    index('bookings_agenda_blocked_idx').on(t.agendaId, t.blockedFrom),
    // A room a booking occupies beside its person: read only for the few bookings that have one.
    index('bookings_extra_agendas_idx')
      .using('gin', t.extraAgendaIds)
      .where(sql`${t.extraAgendaIds} <> '{}'::uuid[]`),
    index('bookings_visit_idx')
      .on(t.visitId, t.visitPosition)
      .where(sql`${t.visitId} is not null`),
    index('bookings_series_idx')
      .on(t.seriesId, t.startsAt)
      .where(sql`${t.seriesId} is not null`),
    index('bookings_paid_by_idx')
      .on(t.paidById)
      .where(sql`${t.paidById} is not null`),
    index('bookings_event_created_idx').on(t.eventId, t.createdAt),
    // The expiry sweep of undecided requests.
    index('bookings_requested_expiry_idx')
      .on(t.approvalExpiresAt)
      .where(sql`${t.status} = 'requested'`),
    // A customer's history and figures (visits, last and next visit) without a scan.
    index('bookings_customer_starts_idx').on(t.customerId, t.startsAt),
    // Keyset pagination of an owner's bookings by appointment time, optionally by status.
    index('bookings_owner_starts_idx').on(t.ownerId, t.startsAt, t.id),
    index('bookings_owner_status_starts_idx').on(t.ownerId, t.status, t.startsAt, t.id),
    // Dashboard aggregates: counts by date and revenue by event answered from the index alone.
    index('bookings_owner_date_idx').on(t.ownerId, t.bookingDate),
    index('bookings_owner_payment_idx').on(t.ownerId, t.paymentStatus, t.eventId),
    // The dashboard's "Recente Afspraken": the owner's newest bookings without sorting them all.
    index('bookings_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    // One payment intent backs at most one booking.
    uniqueIndex('bookings_payment_intent_idx')
      .on(t.stripePaymentIntentId)
      .where(sql`${t.stripePaymentIntentId} is not null`),
    // The reconciliation job scans only rows whose payment is not settled yet.
    index('bookings_payment_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'pending'`),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('bookings_refund_status_check', oneOf(t.refundStatus, REFUND_STATUSES)),
    // The refund job scans only refunds that still have to reach the provider.
    index('bookings_refund_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.refundStatus} in ('pending', 'failed')`),
    check('bookings_interval_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_seats_positive', sql`${t.seats} >= 1`),
  ],
);

export const googleCalendarChannels = pgTable(
  'google_calendar_channels',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    channelId: text('channel_id').notNull().unique(),
    resourceId: text('resource_id'),
    expiration: timestamp('expiration', { withTimezone: true }),
    // SHA-256 of the random token Google echoes in X-Goog-Channel-Token with every notification.
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('google_calendar_channels_user_id_idx').on(t.userId)],
);

/** Incremental sync position per owner calendar (events.list nextSyncToken). */
export const googleCalendarSyncs = pgTable(
  'google_calendar_syncs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    syncToken: text('sync_token'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.calendarId] })],
);

/**
 * The owner's own Google Calendar events that make them busy (a mirror kept by incremental sync).
 * Events our bookings created are not mirrored: the booking already blocks its slot.
 */
export const googleBusyTimes = pgTable(
  'google_busy_times',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    googleEventId: text('google_event_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.calendarId, t.googleEventId] }),
    index('google_busy_times_range_idx').on(t.userId, t.calendarId, t.startsAt),
  ],
);

export const eventWebhooks = pgTable(
  'event_webhooks',
  {
    id: id(),
    // A service's webhook (the owner's, per service) or, with owner_id instead, a business-wide hook
    // an API key subscribed (docs/PRODUCT.md#public-api); exactly one of the two (migration 0039).
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    // The key that subscribed it; the hook stays with the business when that key is revoked.
    createdByApiKeyId: uuid('created_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    secret: text('secret').notNull(), // Standard Webhooks signing secret, shown to the owner
    // The events this webhook is sent (WEBHOOK_TRIGGERS); the default keeps older webhooks as they were.
    triggers: text('triggers')
      .array()
      .$type<WebhookTrigger[]>()
      .notNull()
      .default(sql`'{booking.created}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_webhooks_event_id_idx').on(t.eventId),
    index('event_webhooks_owner_id_idx').on(t.ownerId),
    check('event_webhooks_scope_check', sql`(${t.eventId} is null) <> (${t.ownerId} is null)`),
    check(
      'event_webhooks_triggers_check',
      sql`${t.triggers} <@ array[${sql.raw(WEBHOOK_TRIGGERS.map((v) => `'${v}'`).join(', '))}]::text[]`,
    ),
  ],
);

export interface TemplateFieldConfig {
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
  order: number;
  // Kept by templates saved since choice fields and sensitive answers exist; older ones lack them.
  options?: string[];
  minValue?: number | null;
  maxValue?: number | null;
  sensitive?: boolean;
}
export interface TemplateWebhookConfig {
  name: string;
  url: string;
}

export const eventTemplates = pgTable(
  'event_templates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    workingDays: jsonb('working_days').$type<WorkingDays>().notNull(),
    dailyPauseTimes: jsonb('daily_pause_times').$type<DailyPauseTimes>(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    requiresPayment: boolean('requires_payment').notNull().default(false),
    paymentAmount: numeric('payment_amount', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    googleCalendarId: text('google_calendar_id'),
    themeColor: text('theme_color').notNull().default('#3B82F6'),
    agendaIds: uuid('agenda_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...bookingRuleColumns(),
    ...depositColumns(),
    customFieldsConfig: jsonb('custom_fields_config').$type<TemplateFieldConfig[]>().notNull().default([]),
    webhooksConfig: jsonb('webhooks_config').$type<TemplateWebhookConfig[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_templates_user_id_idx').on(t.userId),
    check('event_templates_currency_check', oneOf(t.currency, CURRENCIES)),
    check('event_templates_deposit_type_check', oneOf(t.depositType, DEPOSIT_TYPES)),
    check('event_templates_deposit_for_check', oneOf(t.depositFor, DEPOSIT_FOR)),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateType: text('template_type', { enum: EMAIL_TEMPLATE_TYPES }).notNull(),
    subject: text('subject').notNull(),
    htmlBody: text('html_body').notNull(),
    textBody: text('text_body'),
    reminderTiming: jsonb('reminder_timing').$type<{ unit: ReminderUnit; value: number }>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_templates_user_id_idx').on(t.userId, t.templateType),
    check(
      'email_templates_type_check',
      sql`${t.templateType} in ('confirmation', 'modification', 'cancellation', 'reminder')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

/**
 * The waitlist (docs/PRODUCT.md#waitlist, migration 0031): one row per customer waiting for a time
 * (`waitTime`) or any time of a day of a service, in `seq` order. A time's offer holds the freed
 * place as a pending booking without payment (`offerBookingId`) until `offerExpiresAt`.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    waitDate: date('wait_date', { mode: 'string' }).notNull(),
    waitTime: text('wait_time'),
    seats: integer('seats').notNull().default(1),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    tokenHash: text('token_hash').notNull(),
    tokenBox: text('token_box').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    offerBookingId: uuid('offer_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    offerTime: text('offer_time'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_token_hash_idx').on(t.tokenHash),
    index('waitlist_entries_open_idx')
      .on(t.ownerId, t.waitDate, t.seq)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_offers_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_entries_seats_positive', sql`${t.seats} >= 1`),
    check('waitlist_entries_status_check', oneOf(t.status, WAITLIST_STATUSES)),
  ],
);
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * "Places may have come free" for a service on a day someone waits for: written by the triggers of
 * migration 0031 in the statement of the change, deleted by the worker in its offers' transaction.
 */
export const waitlistWakeups = pgTable(
  'waitlist_wakeups',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    waitDate: date('wait_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'waitlist_wakeups_pk', columns: [t.eventId, t.waitDate] })],
);

/**
 * The outbox and delivery log of every e-mail and webhook. A row is written in the same transaction
 * as the booking change that causes it (with its job, whose id is the row's id), so nothing is lost
 * when the process stops; the job marks it sent once, so nothing is sent twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Kept when the owner deletes the booking: the log stays, and pending reminders skip themselves.
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    webhookId: uuid('webhook_id').references(() => eventWebhooks.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    // The reminder template whose timing planned this reminder.
    templateId: uuid('template_id'),
    // What the message is about, frozen when planned: the webhook body, or the appointment start a
    // reminder was timed for (a reschedule makes a new reminder and skips this one).
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Set while an e-mail waits for the owner's broken mail connection (no job queued meanwhile);
    // cleared when it is sent off again (mail-health.ts).
    heldAt: timestamp('held_at', { withTimezone: true }),
    // The change of the booking that caused this message (its history entry); null for older rows
    // and for messages no change caused.
    historyId: uuid('history_id').references(() => bookingHistory.id, { onDelete: 'set null' }),
    // A text message (docs/PRODUCT.md#text-messages, migration 0038): the provider's id for it and
    // its status as the provider last reported it, and when.
    providerMessageId: text('provider_message_id'),
    providerStatus: text('provider_status', { enum: TEXT_DELIVERY_STATUSES }),
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_webhook_created_idx').on(t.webhookId, t.createdAt),
    index('notifications_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check('notifications_provider_status_check', oneOf(t.providerStatus, TEXT_DELIVERY_STATUSES)),
    index('notifications_held_idx')
      .on(t.ownerId, t.dueAt)
      .where(sql`${t.heldAt} is not null`),
    index('notifications_booking_idx').on(t.bookingId),
    check('notifications_status_check', oneOf(t.status, DELIVERY_STATUSES)),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A booking's history: one row per change (BOOKING_HISTORY_KINDS), who made it (BOOKING_ACTORS) and
 * when, written in the change's own transaction. `details` holds what the change needs to be told:
 * the previous and new date, time and agenda of a move, the fields an edit changed.
 */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_HISTORY_KINDS }).notNull(),
    actor: text('actor', { enum: BOOKING_ACTORS }).notNull(),
    // The member who made an `owner` change, and their name then (kept when the member is removed).
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    memberName: text('member_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // Insert order: breaks ties of `at` (a paid booking's `created` and `paid` entries may share one
    // instant), so the history keeps the order the changes were written in rather than a random id's.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('booking_history_booking_at_idx').on(t.bookingId, t.at, t.seq),
    check('booking_history_kind_check', oneOf(t.kind, BOOKING_HISTORY_KINDS)),
    check('booking_history_actor_check', oneOf(t.actor, BOOKING_ACTORS)),
  ],
);
export type BookingHistoryRow = typeof bookingHistory.$inferSelect;

/**
 * Single-use password reset links: only the token's SHA-256 is stored; valid until expires_at and
 * spent by used_at. Setting a new password spends every open link of the owner.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    // The member whose password the link sets (removing the member voids the link).
    userId: uuid('user_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Fixed-window counters shared by every instance: the per-address request limits (@fastify/rate-limit's
 * store) and the failed logins per username. One row per key and window; a hit is one atomic upsert,
 * so two instances count together. Rows past expires_at are dead and removed now and then by the
 * rate-limit store. UNLOGGED in migration 0009 (drizzle-kit cannot express it): no WAL per hit.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * What a public write answered for an `Idempotency-Key`, so that a retry (the customer's network
 * dropped the answer) gets the same answer and books nothing new. `status_code` is null while the
 * first request still runs; the body is sealed (it holds the manage token). Rows older than the
 * retention window (modules/idempotency/idempotency.plugin.ts) are ignored and removed now and then.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** sha256 of the method and the path the key was used on. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The activity log of a business (docs/PRODUCT.md#activity) for everything but a booking's own
 * changes, which are its `booking_history` (the log's API reads both): who (ACTIVITY_ACTORS, the
 * member's id and their name then), what (ACTIVITY_KINDS, the subject's id and name) and the values
 * before and after, never a secret. Written in the change's own transaction; kept two years.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    actor: text('actor', { enum: ACTIVITY_ACTORS }).notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    memberName: text('member_name'),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    // What the change was about: a booking (removed bookings keep their entries), a service, a member…
    bookingId: uuid('booking_id'),
    subjectId: text('subject_id'),
    subjectName: text('subject_name'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('activity_log_business_at_idx').on(t.businessId, t.at, t.seq),
    index('activity_log_at_idx').on(t.at),
    check('activity_log_actor_check', oneOf(t.actor, ACTIVITY_ACTORS)),
    check('activity_log_kind_check', oneOf(t.kind, ACTIVITY_KINDS)),
  ],
);
export type ActivityLogRow = typeof activityLog.$inferSelect;

/**
 * The owner's own SMS and WhatsApp provider (docs/PRODUCT.md#messaging, migration 0036): saved only
 * after the provider accepted the keys, which are sealed with APP_SECRET and never answered.
 */
export const messagingConnections = pgTable(
  'messaging_connections',
  {
    ownerId: uuid('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: MESSAGING_PROVIDERS }).notNull(),
    // Twilio's account id: part of every API path, not a secret.
    accountSid: text('account_sid'),
    authToken: text('auth_token'), // AES-256-GCM ciphertext (Twilio)
    accessKey: text('access_key'), // AES-256-GCM ciphertext (MessageBird)
    // E.164 number or an alphanumeric name of at most 11 characters.
    sender: text('sender').notNull(),
    whatsappSender: text('whatsapp_sender'),
    // Names the owner in the provider's status callbacks: found by its SHA-256, kept sealed to build them.
    ownerTokenHash: text('owner_token_hash').notNull(),
    ownerToken: text('owner_token').notNull(),
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messaging_connections_owner_token_hash_idx').on(t.ownerTokenHash),
    check('messaging_connections_provider_check', oneOf(t.provider, MESSAGING_PROVIDERS)),
  ],
);
export type MessagingConnectionRow = typeof messagingConnections.$inferSelect;

/**
 * Numbers that replied STOP to a business's text messages (docs/PRODUCT.md#text-messages, migration
 * 0038): nothing more goes to them by SMS or WhatsApp from that business, whatever a booking asked.
 */
export const textOptOuts = pgTable(
  'text_opt_outs',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // E.164, as core/phone.ts stores it.
    phone: text('phone').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.phone] })],
);

/**
 * A business's API keys (docs/PRODUCT.md#public-api). The key itself is shown once when it is made;
 * only its SHA-256 is kept (32 random bytes need no slow hash), with its first characters so the
 * owner can tell keys apart. A revoked key keeps its row (the log names it) and stops at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    access: text('access', { enum: API_KEY_ACCESS }).notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdById: uuid('created_by_id').references(() => members.id, { onDelete: 'set null' }),
    // The creator's name then, kept when the member is removed.
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_business_idx').on(t.businessId, t.createdAt),
    check('api_keys_access_check', oneOf(t.access, API_KEY_ACCESS)),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The composition root of the domain: which service gets which database, queue, integration and clock. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { UserRow } from './db/schema';
import { createGoogleClient } from './integrations/google/google-client';
import { createMailer } from './integrations/mail/mailer';
import { createStripeGateway } from './integrations/stripe/stripe-gateway';
import type { JobQueue } from './jobs/job-queue';
import { createSecretBox } from './lib/crypto';
import { createActivityService } from './modules/activity/activity.service';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createPublicApiService } from './modules/public-api/public-api.service';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordReset } from './modules/auth/password-reset.service';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { createOwnerBookingsService } from './modules/bookings/owner-bookings.service';
import { createSeriesFollowing } from './modules/bookings/series-following';
import { createSeriesService } from './modules/bookings/series.service';
import { createManualBookingsService } from './modules/bookings/manual-bookings.service';
import { createBookingsExportService } from './modules/bookings/bookings-export.service';
import { createCalendarFeedService } from './modules/calendar-feed/calendar-feed.service';
import { createBookingDetailsService } from './modules/bookings/booking-details.service';
import { createAgendasService } from './modules/agendas/agendas.service';
import { createClosuresService } from './modules/closures/closures.service';
import { createCategoriesService } from './modules/categories/categories.service';
import { createCustomersService } from './modules/customers/customers.service';
import { createCustomerNotesService } from './modules/customers/customer-notes.service';
import { createCustomerMerge } from './modules/customers/customer-merge';
import { createCustomerImportService } from './modules/customers/customer-import.service';
import { createCustomersExportService } from './modules/customers/customers-export.service';
import { createEmailTemplatesService } from './modules/email-templates/email-templates.service';
import { createEventsService } from './modules/events/events.service';
import { createGoogleCalendar } from './modules/google/google-calendar';
import { createGoogleConnect } from './modules/google/google-connect';
import { createGoogleGrants } from './modules/google/google-grants';
import { createInsightsService } from './modules/insights/insights.service';
import { createBookingNotifier } from './modules/notifications/booking-notifier';
import { createFarewellMails } from './modules/notifications/farewell-mails';
import { createWaitlistClaim } from './modules/waitlist/waitlist-claim';
import { createApprovals } from './modules/approvals/approvals.service';
import { createWaitlistOffers } from './modules/waitlist/waitlist-offers';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import { createClassSessionsService } from './modules/bookings/class-sessions.service';
import { createMailHealth } from './modules/notifications/mail-health';
import { createNotificationDelivery } from './modules/notifications/notification-delivery';
import { createTextFallback } from './modules/notifications/text-fallback';
import { createTextCallbacks } from './modules/messaging/text-callbacks.service';
import { createWebhookDeliveriesService } from './modules/notifications/webhook-deliveries.service';
import { paymentKeysStatus } from './modules/payments/payment-keys';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPrivacyService } from './modules/privacy/privacy.service';
import { createPublicBookingService } from './modules/public/public-booking.service';
import { createVisitBooking } from './modules/visits/visit-booking';
import { createVisitManage } from './modules/visits/visit-manage';
import { createVisitPayment } from './modules/visits/visit-payment';
import { createBusinessPageService } from './modules/public/business-page.service';
import { createAvailabilityCache } from './modules/public/availability-cache';
import { createSettingsService } from './modules/settings/settings.service';
import { createMessagingService } from './modules/messaging/messaging.service';
import { createBusinessProfileService } from './modules/business-profile/business-profile.service';
import { createTemplatesService } from './modules/templates/templates.service';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { createAccountDeletion } from './modules/users/account-deletion.service';
import { createInvitationsService } from './modules/team/invitations.service';
import { createTeamService } from './modules/team/team.service';

/**
 * Every service, wired to one database, job queue and clock. The clock is the one every service
 * reads (the system's, a test's fixed one, or TEST_TODAY's); jobs take their "now" from it too.
 */
export function createServices(
  database: Database,
  jobs: JobQueue,
  config: AppConfig,
  log: FastifyBaseLogger,
  clock: () => Date,
) {
  const db = database.db;
  const box = createSecretBox(config.appSecret);
  const google = createGoogleClient(config.google);
  const grants = createGoogleGrants(db, google, box, clock);
  const mailer = createMailer(config, box, log, {
    sendViaGmail: (owner, raw) =>
      grants.withToken(owner, 'gmail', (token) =>
        google.api<{ id: string }>(token, 'POST', '/gmail/v1/users/me/messages/send', {
          raw: raw.toString('base64url'),
        }),
      ),
  });
  const notifier = createBookingNotifier({ jobs, now: clock });
  const seriesFollowing = createSeriesFollowing(db, { notifier, now: clock });
  // Listens for the availability triggers (migration 0017) from here on; closed with the app.
  const availabilityCache = createAvailabilityCache(database);
  const mailHealth = createMailHealth({ db, jobs, mailer, appUrl: config.appUrl, log, now: clock });
  const textFallback = createTextFallback({ db, jobs, now: clock });
  const googleCalendar = createGoogleCalendar({
    db,
    google,
    grants,
    jobs,
    notifier: () => notifier,
    appUrl: config.appUrl,
    log,
    now: clock,
  });
  const emailTemplates = createEmailTemplatesService(db, { now: clock });
  const auth = createAuthService(db, { now: clock, onRegistered: emailTemplates.seedDefaults });
  const gateway = createStripeGateway({ apiBase: config.stripeApiBase });
  const payments = createPaymentsService(db, {
    gateway,
    box,
    appUrl: config.appUrl,
    log,
    now: clock,
    onConfirmed: notifier.paidConfirmed,
    onPaid: notifier.paid,
  });
  const farewell = createFarewellMails({
    db,
    jobs,
    mailer,
    notifier,
    appUrl: config.appUrl,
    log,
    now: clock,
  });
  const customers = createCustomersService(db, { now: clock });
  const publicBooking = createPublicBookingService(db, {
    appUrl: config.appUrl,
    box,
    notifier,
    visits: createVisitManage(db, { notifier, now: clock }),
    following: seriesFollowing,
    now: clock,
    confirmPaid: payments.confirm,
    refunds: payments.refunds,
    availabilityCache,
  });
  const waitlistDeps = { db, jobs, box, appUrl: config.appUrl, now: clock };
  const waitlistOffers = createWaitlistOffers(waitlistDeps);
  const visits = createVisitBooking(db, {
    appUrl: config.appUrl,
    box,
    notifier,
    now: clock,
    availabilityCache,
  });
  const ownerBookings = createOwnerBookingsService(db, { notifier, now: clock, refunds: payments.refunds });
  const manualBookings = createManualBookingsService(db, { notifier, now: clock, box });
  return {
    clock,
    availabilityCache,
    approvals: createApprovals(db, { notifier, now: clock }),
    customers: { ...customers, merge: createCustomerMerge(db, { now: clock, detail: customers.get }) },
    customerNotes: createCustomerNotesService(db, { now: clock }),
    customerImport: createCustomerImportService(db, { now: clock }),
    customersExport: createCustomersExportService(db, { now: clock }),
    activity: createActivityService(db, { now: clock }),
    auth,
    team: createTeamService({ db, mailer, appUrl: config.appUrl, log, now: clock }),
    invitations: createInvitationsService({ db, auth, now: clock }),
    twoFactor: createTwoFactorService({ db, box, auth, now: clock }),
    passwordReset: createPasswordReset({ db, mailer, appUrl: config.appUrl, log, now: clock }),
    events: createEventsService(db, { now: clock }),
    categories: createCategoriesService(db, { now: clock }),
    agendas: createAgendasService(db, { now: clock }),
    closures: createClosuresService(db, { now: clock }),
    webhooks: createWebhooksService(db, box, { now: clock }),
    templates: createTemplatesService(db, { now: clock }),
    publicBooking,
    waitlist: {
      ...createWaitlistService({ ...waitlistDeps, offers: waitlistOffers }),
      offers: waitlistOffers,
      claims: createWaitlistClaim({ ...waitlistDeps, notifier, publicBooking, accounts: payments.accounts }),
    },
    businessPage: createBusinessPageService(db),
    visits,
    visitPayments: createVisitPayment({
      db,
      accounts: payments.accounts,
      appUrl: config.appUrl,
      box,
      notifier,
      now: clock,
    }),
    payments,
    seriesFollowing,
    ownerBookings,
    apiKeys: createApiKeysService(db, { now: clock }),
    publicApi: createPublicApiService(db, { ownerBookings, manualBookings, publicBooking, now: clock }),
    manualBookings,
    series: createSeriesService(db, { notifier, now: clock, box, following: seriesFollowing }),
    classSessions: createClassSessionsService(db, { jobs, appUrl: config.appUrl }),
    bookingDetails: createBookingDetailsService(db),
    bookingsExport: createBookingsExportService(db, { now: clock }),
    calendarFeed: createCalendarFeedService(db, { appUrl: config.appUrl, box, now: clock }),
    insights: createInsightsService(db, { now: clock }),
    emailTemplates,
    businessProfile: createBusinessProfileService(db, { appUrl: config.appUrl, now: clock }),
    settings: createSettingsService(db, box, mailer, mailHealth, gateway, payments.webhooks, { now: clock }),
    messaging: createMessagingService(db, {
      box,
      providers: config.messaging,
      appUrl: config.appUrl,
      now: clock,
    }),
    textCallbacks: createTextCallbacks(db, {
      box,
      providers: config.messaging,
      appUrl: config.appUrl,
      fallBack: textFallback,
      log,
      now: clock,
    }),
    /** Whether an owner's payment keys work, for the current user's answer (`toPublicUser`). */
    paymentKeys: { status: (row: UserRow) => paymentKeysStatus(row, box) },
    webhookDeliveries: createWebhookDeliveriesService(db),
    googleConnect: createGoogleConnect({
      db,
      google,
      grants,
      appUrl: config.appUrl,
      log,
      now: clock,
      calendar: { connected: googleCalendar.connected, disconnecting: googleCalendar.disconnecting },
      mail: { retry: mailHealth.retry },
    }),
    googleCalendar,
    farewell,
    privacy: createPrivacyService(db, { jobs, farewell, now: clock }),
    accountDeletion: createAccountDeletion({
      db,
      log,
      now: clock,
      farewell,
      googleCalendar,
      googleGrants: grants,
    }),
    delivery: createNotificationDelivery({
      db,
      mailer,
      box,
      appUrl: config.appUrl,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      providers: config.messaging,
      fallBack: textFallback,
      mailHealth,
      log,
      now: clock,
    }),
    mailHealth,
  };
}

export type Services = ReturnType<typeof createServices>;

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@contracts/zod-nl';
import type { ErrorBody } from '@contracts/errors';
import { nl } from '@contracts/messages';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { authGuard } from './http/auth-guard';
import { registerErrorHandler } from './http/error-handler';
import { genReqId, loggerOptions } from './http/logger';
import { security } from './http/security';
import { spa } from './http/spa';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { ownerBookingsRoutes } from './modules/bookings/owner-bookings.routes';
import { createOwnerBookingsService } from './modules/bookings/owner-bookings.service';
import { insightsRoutes } from './modules/insights/insights.routes';
import { createInsightsService } from './modules/insights/insights.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { googleRoutes } from './modules/google/google.routes';
import { healthRoutes } from './modules/health/health.routes';
import { publicRoutes } from './modules/public/public.routes';
import { createPublicBookingService } from './modules/public/public-booking.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createStripeGateway } from './integrations/stripe/stripe-gateway';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createTemplatesService } from './modules/templates/templates.service';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { createSecretBox } from './lib/crypto';
import { createMailer } from './integrations/mail/mailer';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes';
import { createEmailTemplatesService } from './modules/email-templates/email-templates.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createJobQueue, DEFAULT_JOB_OPTIONS, type JobQueue, type JobQueueOptions } from './jobs/job-queue';
import { createBookingNotifier } from './modules/notifications/booking-notifier';
import { createNotificationDelivery } from './modules/notifications/notification-delivery';
import { webhookDeliveriesRoutes } from './modules/notifications/webhook-deliveries.routes';
import { createMailHealth } from './modules/notifications/mail-health';
import { mailStatusRoutes } from './modules/notifications/mail-status.routes';
import { createWebhookDeliveriesService } from './modules/notifications/webhook-deliveries.service';
import { createGoogleClient } from './integrations/google/google-client';
import { createGoogleGrants } from './modules/google/google-grants';
import { createGoogleConnect } from './modules/google/google-connect';
import { createGoogleCalendar } from './modules/google/google-calendar';
import { googleOAuthRoutes } from './modules/google/google-oauth.routes';
import { databaseRateLimitStore } from './modules/rate-limits/database-rate-limit-store';

export interface Services {
  /** The clock every service reads (a test's fixed one, or TEST_TODAY's); jobs take their "now" from it too. */
  clock: () => Date;
  auth: ReturnType<typeof createAuthService>;
  events: ReturnType<typeof createEventsService>;
  categories: ReturnType<typeof createCategoriesService>;
  webhooks: ReturnType<typeof createWebhooksService>;
  templates: ReturnType<typeof createTemplatesService>;
  publicBooking: ReturnType<typeof createPublicBookingService>;
  payments: ReturnType<typeof createPaymentsService>;
  ownerBookings: ReturnType<typeof createOwnerBookingsService>;
  insights: ReturnType<typeof createInsightsService>;
  emailTemplates: ReturnType<typeof createEmailTemplatesService>;
  settings: ReturnType<typeof createSettingsService>;
  webhookDeliveries: ReturnType<typeof createWebhookDeliveriesService>;
  googleConnect: ReturnType<typeof createGoogleConnect>;
  googleCalendar: ReturnType<typeof createGoogleCalendar>;
  /** Sends planned e-mails and webhooks; run by the job workers. */
  delivery: ReturnType<typeof createNotificationDelivery>;
  /** E-mails waiting for the owner's broken mail connection, the warning, the recovery. */
  mailHealth: ReturnType<typeof createMailHealth>;
}

/** Every service, wired to one database, job queue and clock. */
export function createServices(database: Database, jobs: JobQueue, config: AppConfig, log: FastifyBaseLogger, now?: () => Date): Services {
  const db = database.db;
  const clock = now ?? (() => new Date());
  const box = createSecretBox(config.appSecret);
  const google = createGoogleClient(config.google);
  const grants = createGoogleGrants(db, google, box, clock);
  const mailer = createMailer(config, box, log, {
    sendViaGmail: (owner, raw) =>
      grants.withToken(owner, 'gmail', (token) => google.api<{ id: string }>(token, 'POST', '/gmail/v1/users/me/messages/send', { raw: raw.toString('base64url') })),
  });
  const notifier = createBookingNotifier({ jobs, now: clock });
  const mailHealth = createMailHealth({ db, jobs, mailer, appUrl: config.appUrl, log, now: clock });
  const googleCalendar = createGoogleCalendar({ db, google, grants, jobs, notifier: () => notifier, appUrl: config.appUrl, log, now: clock });
  const emailTemplates = createEmailTemplatesService(db);
  const payments = createPaymentsService(db, {
    gateway: createStripeGateway({ apiBase: config.stripeApiBase }),
    box,
    appUrl: config.appUrl,
    log,
    now,
    onConfirmed: notifier.created,
  });
  return {
    clock,
    auth: createAuthService(db, { now, onRegistered: emailTemplates.seedDefaults }),
    events: createEventsService(db, { now }),
    categories: createCategoriesService(db),
    webhooks: createWebhooksService(db, box),
    templates: createTemplatesService(db),
    publicBooking: createPublicBookingService(db, { appUrl: config.appUrl, box, notifier, now, confirmPaid: payments.confirm }),
    payments,
    ownerBookings: createOwnerBookingsService(db, { notifier, now }),
    insights: createInsightsService(db, { now }),
    emailTemplates,
    settings: createSettingsService(db, box, mailer, mailHealth),
    webhookDeliveries: createWebhookDeliveriesService(db),
    googleConnect: createGoogleConnect({
      db,
      google,
      grants,
      appUrl: config.appUrl,
      log,
      calendar: { connected: googleCalendar.connected, disconnecting: googleCalendar.disconnecting },
      mail: { retry: mailHealth.retry },
    }),
    googleCalendar,
    delivery: createNotificationDelivery({ db, mailer, box, appUrl: config.appUrl, allowPrivateWebhooks: config.webhookAllowPrivate, mailHealth, log, now: clock }),
    mailHealth,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    jobs: JobQueue;
  }
}

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Overrides for tests, e.g. a fixed clock. */
  now?: () => Date;
  /** Where log lines go (default stdout); tests capture them to check what is never logged. */
  logStream?: { write(line: string): void };
  /** Job timings (tests shorten the retry delays). */
  jobOptions?: JobQueueOptions;
}

export async function buildApp({ config, database, now, logStream, jobOptions = DEFAULT_JOB_OPTIONS }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId,
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    // Only the configured proxies (decision 002): trusting X-Forwarded-For from anyone would let
    // clients choose their own address and dodge the per-address limits.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // A path parameter of any length the HTTP parser accepts reaches the route's own validation (a
    // Dutch 404 with every security header) instead of the router's English 414 echoing the path.
    routerOptions: { maxParamLength: 16 * 1024 },
    // What the router still refuses itself (a broken %-escape) skips every hook: answer it as an
    // unknown path, in Dutch, without echoing the path, never cached and never sent as a referrer.
    frameworkErrors: (_err, _request, reply: FastifyReply) => {
      const body: ErrorBody = { code: 'NOT_FOUND', message: nl.errors.notFound };
      return reply
        .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" })
        .status(404)
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('config', config);
  app.decorate('database', database);
  // The queue is started here (jobs can be enqueued by any request); workers are started by
  // main.ts, or by a test that wants deliveries. Closing the app drains it.
  const jobs = createJobQueue(database, app.log, jobOptions);
  await jobs.install();
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  app.decorate('services', createServices(database, jobs, config, app.log, now));

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(cookie, { secret: config.appSecret });
  // Counted in the database, so instances behind one proxy share each client's limits.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db, now ?? (() => new Date()), app.log) });
  await app.register(security);
  await app.register(authGuard);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(eventsRoutes);
  await app.register(categoriesRoutes);
  await app.register(webhooksRoutes);
  await app.register(templatesRoutes);
  await app.register(publicRoutes);
  await app.register(paymentsRoutes);
  await app.register(ownerBookingsRoutes);
  await app.register(insightsRoutes);
  await app.register(settingsRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(googleRoutes);
  await app.register(googleOAuthRoutes);
  await app.register(webhookDeliveriesRoutes);
  await app.register(mailStatusRoutes);

  await app.register(spa, { root: webRoot });
  return app;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@contracts/zod-nl';
import type { ErrorBody } from '@contracts/errors';
import { nl } from '@contracts/messages';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { authGuard } from './http/auth-guard';
import { inPermissionTable, permissionOf } from './http/route-permissions';
import { registerErrorHandler } from './http/error-handler';
import { idempotency } from './modules/idempotency/idempotency.plugin';
import { writeLine } from './http/write-line';
import { requestLine } from './http/request-line';
import { genReqId, loggerOptions } from './http/logger';
import { security } from './http/security';
import { spa } from './http/spa';
import { unstorableText } from './http/unstorable-text';
import { activityRoutes } from './modules/activity/activity.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { versionedApi } from './modules/public-api/versioned-api.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { ownerBookingsRoutes } from './modules/bookings/owner-bookings.routes';
import { manualBookingsRoutes } from './modules/bookings/manual-bookings.routes';
import { seriesRoutes } from './modules/bookings/series.routes';
import { classSessionsRoutes } from './modules/bookings/class-sessions.routes';
import { bookingsExportRoutes } from './modules/bookings/bookings-export.routes';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { agendasRoutes } from './modules/agendas/agendas.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { customerImportRoutes } from './modules/customers/customer-import.routes';
import { customersExportRoutes } from './modules/customers/customers-export.routes';
import { closuresRoutes } from './modules/closures/closures.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { googleRoutes } from './modules/google/google.routes';
import { healthRoutes } from './modules/health/health.routes';
import { benchBareRoute } from './http/bench-bare-route';
import { publicRoutes } from './modules/public/public.routes';
import { businessPageRoutes } from './modules/public/business-page.routes';
import { visitsRoutes } from './modules/visits/visits.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { bookingPageShell } from './modules/public/booking-page';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { accountDeletionRoutes } from './modules/users/account-deletion.routes';
import { invitationsRoutes } from './modules/team/invitations.routes';
import { teamRoutes } from './modules/team/team.routes';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { textCallbacksRoutes } from './modules/messaging/text-callbacks.routes';
import { businessProfileRoutes } from './modules/business-profile/business-profile.routes';
import { createJobQueue, DEFAULT_JOB_OPTIONS, type JobQueue, type JobQueueOptions } from './jobs/job-queue';
import { createServices, type Services } from './services';
import { createSecretBox } from './lib/crypto';
import { webhookDeliveriesRoutes } from './modules/notifications/webhook-deliveries.routes';
import { mailStatusRoutes } from './modules/notifications/mail-status.routes';
import { googleOAuthRoutes } from './modules/google/google-oauth.routes';
import { databaseRateLimitStore } from './modules/rate-limits/database-rate-limit-store';
import { memoryRateLimitStore } from './modules/rate-limits/memory-rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    jobs: JobQueue;
  }
}

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Overrides for tests, e.g. a fixed clock. */
  now?: () => Date;
  /** Where log lines go (default stdout); tests capture them to check what is never logged. */
  logStream?: { write(line: string): void };
  /** Job timings (tests shorten the retry delays). */
  jobOptions?: JobQueueOptions;
  /** The built client (tests serve a small one of their own). */
  webRoot?: string;
}

export async function buildApp({
  config,
  database,
  now,
  logStream,
  jobOptions = DEFAULT_JOB_OPTIONS,
  webRoot: clientRoot = webRoot,
}: BuildOptions): Promise<FastifyInstance> {
  const clock = now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId,
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    // A client that sends its headers and body slowly holds a socket and a parser: the whole request
    // must arrive within 30 s (Node answers 408), its headers within 10 s.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
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
        .headers({
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        })
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
  app.decorate('services', createServices(database, jobs, config, app.log, clock));
  app.addHook('onClose', () => app.services.availabilityCache.close());

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // A call that chose its own caching keeps it (the business logo: docs/PRODUCT.md#business-profile).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(requestLine);
  await app.register(cookie, { secret: config.appSecret });
  // Counted in the database, so instances behind one proxy share each client's limits; the embedded
  // database has one server only, which counts them in its memory (memory-rate-limit-store.ts).
  await app.register(rateLimit, {
    global: false,
    store:
      database.kind === 'pglite'
        ? memoryRateLimitStore(clock)
        : databaseRateLimitStore(database.db, clock, app.log),
  });
  await app.register(security);
  await app.register(authGuard);
  // Every API route is in the permissions table before it can answer (http/route-permissions.ts).
  app.addHook('onRoute', (route) => {
    if (!inPermissionTable(route.url)) return;
    for (const method of [route.method].flat()) permissionOf(method, route.url);
  });
  await app.register(unstorableText);
  await app.register(writeLine);
  await app.register(idempotency, { db: database.db, box: createSecretBox(config.appSecret), now: clock });

  await app.register(healthRoutes);
  if (config.benchBareRoute) await app.register(benchBareRoute);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(eventsRoutes);
  await app.register(categoriesRoutes);
  await app.register(agendasRoutes);
  await app.register(closuresRoutes);
  await app.register(webhooksRoutes);
  await app.register(templatesRoutes);
  await app.register(publicRoutes);
  await app.register(businessPageRoutes);
  await app.register(visitsRoutes);
  await app.register(waitlistRoutes);
  await app.register(approvalsRoutes);
  await app.register(paymentsRoutes);
  await app.register(ownerBookingsRoutes);
  await app.register(manualBookingsRoutes);
  await app.register(seriesRoutes);
  await app.register(classSessionsRoutes);
  await app.register(bookingsExportRoutes);
  await app.register(privacyRoutes);
  await app.register(customersRoutes);
  await app.register(customerImportRoutes);
  await app.register(customersExportRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(insightsRoutes);
  await app.register(settingsRoutes);
  await app.register(messagingRoutes);
  await app.register(textCallbacksRoutes);
  await app.register(businessProfileRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(googleRoutes);
  await app.register(googleOAuthRoutes);
  await app.register(webhookDeliveriesRoutes);
  await app.register(activityRoutes);
  await app.register(mailStatusRoutes);
  await app.register(teamRoutes);
  await app.register(invitationsRoutes);
  await app.register(apiKeysRoutes);
  // The versioned API: its own door (API keys, open CORS) in its own context (modules/public-api/api-key-auth.ts),
  // with its OpenAPI document and reference page generated from its routes (modules/public-api/versioned-api.routes.ts).
  await app.register(versionedApi);

  await app.register(spa, {
    root: clientRoot,
    // An unknown business page is a real 404 (search engines, link checkers), still drawn by the app.
    pages: [
      {
        // The booking page arrives with its first screen and data (docs/architecture/web-client.md#public-pages):
        // the reads of the API calls it saves, which have no per-address limit either.
        path: '/boek/:slug',
        render: (params, query) => bookingPageShell(app.services.publicBooking, params, query, clock()),
      },
      {
        path: '/p/:publicSlug',
        exists: (p) => app.services.businessPage.exists(p.publicSlug ?? ''),
        limitPerMinute: 120,
      },
    ],
  });
  return app;
}

import type { MemberAction } from '@core/permissions';

/**
 * What each signed-in route requires of the member's role (core/permissions.ts has which role may
 * do which action). One table for the whole router: `app.ts` refuses to start with an `/api` route
 * missing from it, so a new route cannot be reachable by every role by accident, and
 * `roles.api.test.ts` holds every route × role to the answer it must give.
 */
export interface RoutePermission {
  action: MemberAction;
  /** Answers while the business requires two-step sign-in that the member has not set up yet. */
  duringTwoFactorSetup?: boolean;
}

const signedIn: RoutePermission = { action: 'signedIn' };
const setup: RoutePermission = { action: 'signedIn', duringTwoFactorSetup: true };
const needs = (action: MemberAction): RoutePermission => ({ action });

/** `public`: no sign-in (the customer's pages, sign-in itself, provider callbacks with their own checks). */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RoutePermission | 'public'>> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/login/2fa': 'public',
  'POST /api/logout': 'public',
  'POST /api/password-reset': 'public',
  'GET /api/password-reset/:token': 'public',
  'POST /api/password-reset/:token': 'public',
  'POST /api/payments/webhook/:ownerId': 'public',
  'GET /api/public/events/:slug': 'public',
  'GET /api/public/events/:slug/fields': 'public',
  'GET /api/public/events/:eventId/bookings/:date': 'public',
  'GET /api/public/events/:eventId/availability': 'public',
  'GET /api/public/events/:eventId/stripe-public-key': 'public',
  'POST /api/public/events/:eventId/payment-quote': 'public',
  'POST /api/public/bookings': 'public',
  'GET /api/public/bookings/manage/:token': 'public',
  'GET /api/public/bookings/manage/:token/visit-availability': 'public',
  'GET /api/public/visits/availability': 'public',
  'POST /api/public/visits': 'public',
  'POST /api/public/visits/quote': 'public',
  'POST /api/public/visits/payment-intent': 'public',
  'POST /api/public/waitlist': 'public',
  'GET /api/public/waitlist/:token': 'public',
  'DELETE /api/public/waitlist/:token': 'public',
  'POST /api/public/waitlist/:token/claim': 'public',
  'PATCH /api/public/bookings/manage/:token': 'public',
  'DELETE /api/public/bookings/manage/:token': 'public',
  'GET /api/public/bookings/manage/:token/ics': 'public',
  'GET /api/public/owners/:publicSlug': 'public',
  'POST /api/public/payment-holds/:token/release': 'public',
  'POST /api/public/payment-holds/:token/extend': 'public',
  'GET /api/public/logos/:ownerId': 'public',
  'GET /api/public/invitations/:token': 'public',
  'POST /api/public/invitations/:token/accept': 'public',
  'POST /api/create-payment-intent': 'public',
  'POST /api/google/notifications': 'public',
  'GET /feed/:file': 'public',
  // The text-message providers' callbacks: the owner's path token (and Twilio's signature) is the proof.
  'POST /api/messaging/twilio/status/:token': 'public',
  'POST /api/messaging/twilio/inbound/:token': 'public',
  'GET /api/messaging/messagebird/report/:token': 'public',
  // A text message's short manage link: a redirect to the manage page, whose token is the credential.
  'GET /m/:token': 'public',

  // The member's own account.
  'GET /api/user': setup,
  'PATCH /api/user/profile': signedIn,
  'PATCH /api/user/password': signedIn,
  'POST /api/user/2fa/setup': setup,
  'POST /api/user/2fa/enable': setup,
  'POST /api/user/2fa/disable': signedIn,
  'GET /api/user/deletion-summary': needs('account.delete'),
  'DELETE /api/user': needs('account.delete'),

  // Bookings: every member, a medewerker on their own agendas only (the services scope them).
  'GET /api/bookings': signedIn,
  'GET /api/bookings/:id': signedIn,
  'PATCH /api/bookings/:id': signedIn,
  'DELETE /api/bookings/:id': needs('bookings.delete'),
  'GET /api/bookings/:id/slots': signedIn,
  // Requests the owner approves (docs/PRODUCT.md#approval): deciding is like cancelling, every member
  // on the agendas they see; the notice's link works without a session (its token is the proof).
  'GET /api/bookings/requests': signedIn,
  'POST /api/bookings/:id/approve': signedIn,
  'POST /api/bookings/:id/decline': signedIn,
  'GET /api/public/approvals/:token': 'public',
  'POST /api/public/approvals/:token': 'public',
  'POST /api/bookings': needs('bookings.manual'),
  'POST /api/bookings/series/check': needs('bookings.manual'),
  'POST /api/bookings/series': needs('bookings.manual'),
  // The waitlist of a service's day (docs/PRODUCT.md#waitlist): who books by hand manages it.
  'GET /api/waitlist': needs('bookings.manual'),
  'DELETE /api/waitlist/:id': needs('bookings.manual'),
  'POST /api/waitlist/:id/offer': needs('bookings.manual'),
  'GET /api/bookings/slots': needs('bookings.manual'),
  'GET /api/bookings/export.csv': needs('export'),
  // A class time's attendees and a message to them: like its bookings, scoped by agenda in the service.
  'GET /api/class-sessions/:id': signedIn,
  'POST /api/class-sessions/:id/message': signedIn,
  'GET /api/agendas': signedIn,
  'GET /api/agendas/:id/absences': signedIn,
  'GET /api/agenda-absences': signedIn,
  'GET /api/closures': signedIn,
  'GET /api/closures/holidays': signedIn,

  // The services a booking by hand chooses from, and whose rules a move follows.
  'GET /api/events': needs('services.read'),
  'GET /api/events/:id': needs('services.read'),
  'GET /api/events/:id/fields': needs('services.read'),

  // The business's set-up.
  'POST /api/events': needs('services.manage'),
  'PATCH /api/events/:id': needs('services.manage'),
  'DELETE /api/events/:id': needs('services.manage'),
  'GET /api/event-categories': needs('services.read'),
  'POST /api/event-categories': needs('services.manage'),
  'PATCH /api/event-categories/:id': needs('services.manage'),
  'DELETE /api/event-categories/:id': needs('services.manage'),
  'GET /api/templates': needs('services.manage'),
  'POST /api/templates': needs('services.manage'),
  'GET /api/templates/:id': needs('services.manage'),
  'PATCH /api/templates/:id': needs('services.manage'),
  'DELETE /api/templates/:id': needs('services.manage'),
  'GET /api/email-templates': needs('services.manage'),
  'POST /api/email-templates': needs('services.manage'),
  'PATCH /api/email-templates/:id': needs('services.manage'),
  'DELETE /api/email-templates/:id': needs('services.manage'),
  'POST /api/agendas': needs('services.manage'),
  'PATCH /api/agendas/:id': needs('services.manage'),
  'DELETE /api/agendas/:id': needs('services.manage'),
  'POST /api/agendas/:id/absences': needs('services.manage'),
  'DELETE /api/agendas/:id/absences/:absenceId': needs('services.manage'),
  'POST /api/closures': needs('services.manage'),
  'DELETE /api/closures/:id': needs('services.manage'),

  // Figures.
  'GET /api/dashboard': signedIn,
  'GET /api/analytics': needs('insights'),

  // Customers' data. The list and the card are every member's, scoped by `customers.manage` in the
  // service (a medewerker: the customers of their own agendas).
  'GET /api/customers/export': needs('export'),
  'POST /api/customers/erase': needs('export'),
  'GET /api/customers/export.csv': needs('export'),
  'POST /api/customers/import': needs('customers.manage'),
  'GET /api/customers': signedIn,
  'POST /api/customers': needs('customers.contact'),
  'GET /api/customers/:id': signedIn,
  'PATCH /api/customers/:id': needs('customers.contact'),
  'POST /api/customers/:id/notes': signedIn,
  'PATCH /api/customers/:id/notes/:noteId': signedIn,
  'DELETE /api/customers/:id/notes/:noteId': signedIn,
  'POST /api/customers/:id/merge': needs('customers.manage'),
  'POST /api/customers/:id/block': needs('customers.manage'),
  'POST /api/customers/:id/unblock': needs('customers.manage'),
  'GET /api/customers/follow-ups': signedIn,

  // Instellingen. The payment keys inside PATCH /api/user/settings need `paymentKeys` too.
  'PATCH /api/user/settings': needs('settings'),
  'GET /api/email-settings': needs('settings'),
  'POST /api/email-settings': needs('settings'),
  'POST /api/email-settings/test': needs('settings'),
  // The owner's own SMS and WhatsApp provider, like their own mail provider (docs/PRODUCT.md#messaging).
  'GET /api/messaging': needs('settings'),
  'PUT /api/messaging': needs('settings'),
  'DELETE /api/messaging': needs('settings'),
  'POST /api/messaging/test': needs('settings'),
  'GET /api/email-status': needs('settings'),
  'GET /api/business-profile': needs('settings'),
  'PATCH /api/business-profile': needs('settings'),
  'PUT /api/business-profile/logo': needs('settings'),
  'DELETE /api/business-profile/logo': needs('settings'),
  'GET /api/calendar-feed': needs('settings'),
  'POST /api/calendar-feed': needs('settings'),
  'DELETE /api/calendar-feed': needs('settings'),
  'GET /api/google-calendar/calendars': needs('settings'),
  'POST /api/google/sync-now': needs('settings'),
  'GET /api/google/auth': needs('settings'),
  'GET /api/google/callback': needs('settings'),
  'GET /api/gmail/callback': needs('settings'),
  'POST /api/google/disconnect': needs('settings'),
  'GET /api/gmail/auth': needs('settings'),
  'POST /api/gmail/disconnect': needs('settings'),
  'GET /api/events/:id/webhooks': needs('settings'),
  'POST /api/events/:id/webhooks': needs('settings'),
  'PATCH /api/webhooks/:id': needs('settings'),
  'DELETE /api/webhooks/:id': needs('settings'),
  'GET /api/webhooks/:id/deliveries': needs('settings'),

  // The team and its log.
  'GET /api/team': needs('team'),
  'POST /api/team/invitations': needs('team'),
  'DELETE /api/team/invitations/:id': needs('team'),
  'PATCH /api/team/settings': needs('team.roles'),
  'PATCH /api/team/:id': needs('team'),
  'DELETE /api/team/:id': needs('team'),
  'POST /api/team/:id/make-owner': needs('team.roles'),
  'GET /api/activity': needs('activity'),

  // API keys for the versioned API (docs/PRODUCT.md#public-api): a key acts as a beheerder, so the
  // managers make them.
  'GET /api/api-keys': needs('settings'),
  'POST /api/api-keys': needs('settings'),
  'DELETE /api/api-keys/:id': needs('settings'),
  // The versioned API's reference page, drawn from its OpenAPI document: nothing of a business.
  'GET /api/docs': 'public',
};

/**
 * Whether a path is one the table must hold: the API, the health checks and the calendar feed. The
 * versioned API (/api/v1) is not: no session opens it, its API keys do (modules/public-api/api-key-auth.ts, which
 * requires every route of it to name the action it needs).
 */
export function inPermissionTable(url: string): boolean {
  if (url.startsWith('/api/v1/')) return false;
  return url.startsWith('/api/') || url === '/healthz' || url === '/readyz' || url.startsWith('/feed/');
}

/** A route's entry; HEAD answers as its GET. Throws for a route missing from the table. */
export function permissionOf(method: string, url: string): RoutePermission | 'public' {
  const entry = ROUTE_PERMISSIONS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
  if (!entry) throw new Error(`route ${method} ${url} has no entry in http/route-permissions.ts`);
  return entry;
}

import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES, WEBHOOK_TRIGGERS } from './enums';
import { webhookUrl } from './events';
import { nl } from './messages';
import { dateString } from './schedule';

/**
 * The versioned API under /api/v1 (docs/PRODUCT.md#public-api), authenticated by an API key
 * (`Authorization: Bearer ap_live_…`). Every query, path and answer has its schema here, so an
 * OpenAPI document can be generated from them. Times are RFC 3339 with the business's offset at that
 * instant, with the date and time on the business's own clock beside them; amounts are in cents with
 * their currency.
 */
const m = nl.apiKeys;

export const PUBLIC_API_PAGE_DEFAULT = 50;
export const PUBLIC_API_PAGE_MAX = 200;

/** `{ code, message }` of every refusal, the codes of the app's one error table. */
export const publicApiError = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

const offsetDateTime = z.string().describe('RFC 3339 with the business’s offset');

/** GET /api/v1/bookings: filters on the business's dates, and a cursor from the previous page. */
export const publicBookingsQuery = z
  .object({
    /** The first and last day (yyyy-MM-dd, the business's calendar), both included. */
    from: dateString.optional(),
    to: dateString.optional(),
    status: z.enum(BOOKING_STATUSES, { error: nl.ownerBookings.invalidFilter }).optional(),
    eventId: z.uuid({ error: nl.ownerBookings.invalidFilter }).optional(),
    agendaId: z.uuid({ error: nl.ownerBookings.invalidFilter }).optional(),
    customerId: z.uuid({ error: nl.ownerBookings.invalidFilter }).optional(),
    /** Only bookings changed at or after this instant (RFC 3339): a sync's "what is new". */
    updatedSince: z.iso.datetime({ offset: true, error: nl.ownerBookings.invalidFilter }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number({ error: nl.ownerBookings.invalidFilter })
      .int(nl.ownerBookings.invalidFilter)
      .min(1, nl.ownerBookings.invalidFilter)
      .max(PUBLIC_API_PAGE_MAX, nl.ownerBookings.invalidFilter)
      .default(PUBLIC_API_PAGE_DEFAULT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.invalidPeriod, path: ['from'] });
export type PublicBookingsQuery = z.input<typeof publicBookingsQuery>;

export const publicIdParams = z.object({ id: z.uuid() });

/** An amount in cents and its ISO 4217 currency. */
const money = z.object({ cents: z.number().int(), currency: z.string() });

export const publicBooking = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  serviceId: z.string(),
  serviceName: z.string(),
  agendaId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  startsAt: offsetDateTime,
  endsAt: offsetDateTime,
  /** The appointment's day and start on the business's clock (yyyy-MM-dd, HH:mm). */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  seats: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Paid online and left to pay at the appointment; null when the booking has no amounts. */
  amountPaid: money.nullable(),
  amountDue: money.nullable(),
  noShow: z.boolean(),
  seriesId: z.string().nullable(),
  visitId: z.string().nullable(),
  /** The booking form's answers, by field name. */
  answers: z.record(z.string(), z.string()),
  createdAt: offsetDateTime,
  updatedAt: offsetDateTime,
});
export type PublicBooking = z.infer<typeof publicBooking>;

export const publicBookingPage = z.object({
  data: z.array(publicBooking),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PublicBookingPage = z.infer<typeof publicBookingPage>;

export const publicService = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The price when the service is paid online; null when it is not. */
  price: money.nullable(),
  seats: z.number().int(),
  agendaIds: z.array(z.string()),
  categoryId: z.string().nullable(),
  createdAt: offsetDateTime,
});
export type PublicService = z.infer<typeof publicService>;
export const publicServiceList = z.object({ data: z.array(publicService), nextCursor: z.null() });

export const publicAgenda = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
  createdAt: offsetDateTime,
});
export type PublicAgenda = z.infer<typeof publicAgenda>;
export const publicAgendaList = z.object({ data: z.array(publicAgenda), nextCursor: z.null() });

/** POST /api/v1/bookings/{id}/no-show: mark (also without a body) or clear the mark (`noShow: false`). */
export const publicNoShowBody = z
  .object({ noShow: z.boolean({ error: nl.ownerBookings.invalidFilter }).optional() })
  .nullish()
  .transform((body) => ({ noShow: body?.noShow ?? true }));

/** At most this many business-wide hooks (REST-hook subscriptions) per business. */
export const MAX_PUBLIC_HOOKS = 50;

/**
 * POST /api/v1/hooks: a REST-hook subscription as Zapier and Make make them. The URL has the rules of
 * the owner's webhooks; the events are the webhook triggers.
 */
export const publicHookBody = z
  .object({
    url: webhookUrl,
    events: z
      .array(z.enum(WEBHOOK_TRIGGERS, { error: nl.webhooksUi.triggerInvalid }), {
        error: nl.webhooksUi.triggerRequired,
      })
      .min(1, nl.webhooksUi.triggerRequired),
  })
  .meta({
    examples: [{ url: 'https://hooks.zapier.com/hooks/standard/123/abc', events: ['booking.created'] }],
  });
export type PublicHookBody = z.input<typeof publicHookBody>;

export const publicHook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_TRIGGERS)),
  createdAt: offsetDateTime,
});
export type PublicHook = z.infer<typeof publicHook>;

/** The answer of POST /api/v1/hooks, the only one that holds the signing secret. */
export const publicCreatedHook = publicHook.extend({
  /** Standard Webhooks signing secret (`whsec_…`) of every delivery to this hook. */
  secret: z.string(),
});
export type PublicCreatedHook = z.infer<typeof publicCreatedHook>;
export const publicHookList = z.object({ data: z.array(publicHook), nextCursor: z.null() });

/** An answer without a body (204). */
export const publicNoContent = z.undefined();

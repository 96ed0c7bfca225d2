import { z } from 'zod';
import { OWNER_BOOKING_WARNINGS } from '@core/index';
import { createBookingBody } from './bookings';
import { BOOKING_STATUSES, PAYMENT_STATUSES, WEBHOOK_TRIGGERS } from './enums';
import { webhookUrl } from './events';
import { nl } from './messages';
import { dateString, timeString } from './schedule';

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

/**
 * POST /api/v1/bookings: a booking the business writes down, the body and rules of the owner's own
 * `POST /api/bookings` (docs/PRODUCT.md#bookings-page): without `agendaId` a free agenda of the service
 * takes it; `notifyCustomer` (with an address) sends the confirmation with the manage link.
 */
export const publicCreateBookingBody = createBookingBody.meta({
  example: {
    eventId: '6f1c2a52-8a4e-4c59-9d0b-2f6f2d6f9b11',
    bookingDate: '2026-12-02',
    bookingTime: '14:00',
    customerName: 'Noor de Vries',
    customerEmail: 'noor@example.nl',
    notifyCustomer: true,
  },
});
export type PublicCreateBookingBody = z.input<typeof publicCreateBookingBody>;

/** The new booking, with the owner's rules it overrules (a closure, outside working hours, …). */
export const publicCreatedBooking = publicBooking.extend({
  warnings: z
    .array(z.enum(OWNER_BOOKING_WARNINGS))
    .describe('Rules the business may overrule that this booking does (the owner’s dialog warns of them)'),
});
export type PublicCreatedBooking = z.infer<typeof publicCreatedBooking>;

/** PATCH /api/v1/bookings/{id}: a move, by the owner's move rules (another agenda of the service too). */
export const publicMoveBody = z
  .object({
    bookingDate: dateString.describe('The new day (yyyy-MM-dd, the business’s calendar)'),
    bookingTime: timeString.describe('The new start (HH:mm, the business’s clock)'),
    agendaId: z.uuid({ error: nl.agendas.unknown }).optional().describe('Another agenda of the service'),
  })
  .meta({ example: { bookingDate: '2026-12-03', bookingTime: '10:30' } });
export type PublicMoveBody = z.input<typeof publicMoveBody>;

/** POST /api/v1/bookings/{id}/cancel: the customer hears of it only with `notifyCustomer: true`. */
export const publicCancelBody = z
  .object({ notifyCustomer: z.boolean({ error: nl.ownerBookings.invalidFilter }).optional() })
  .nullish()
  .transform((body) => ({ notifyCustomer: body?.notifyCustomer === true }))
  .meta({ example: { notifyCustomer: true } });

const month = z
  .string({ error: m.invalidMonth })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.invalidMonth)
  .describe('yyyy-MM, the business’s calendar');

/** GET /api/v1/services/{id}/availability?month=&agendaId=: the free times of a month. */
export const publicAvailabilityQuery = z.object({
  month,
  agendaId: z
    .uuid({ error: m.invalidAgenda })
    .optional()
    .describe('Only this agenda of the service; without it any of them'),
});
export type PublicAvailabilityQuery = z.input<typeof publicAvailabilityQuery>;

export const publicAvailability = z
  .object({
    serviceId: z.string(),
    month: z.string(),
    timeZone: z.string(),
    /** The month's days with at least one free time, in order; a day without one is left out. */
    days: z.array(
      z.object({
        date: z.string().describe('yyyy-MM-dd'),
        slots: z.array(
          z.object({
            time: z.string().describe('HH:mm on the business’s clock'),
            startsAt: offsetDateTime,
            /** A class service only: its places left at that time. */
            seatsLeft: z.number().int().optional(),
          }),
        ),
      }),
    ),
  })
  .meta({
    example: {
      serviceId: '6f1c2a52-8a4e-4c59-9d0b-2f6f2d6f9b11',
      month: '2026-12',
      timeZone: 'Europe/Amsterdam',
      days: [{ date: '2026-12-02', slots: [{ time: '14:00', startsAt: '2026-12-02T14:00:00+01:00' }] }],
    },
  });
export type PublicAvailability = z.infer<typeof publicAvailability>;

/** GET /api/v1/customers: a search (name, e-mail from its start, phone) and a cursor. */
export const publicCustomersQuery = z.object({
  q: z.string().trim().max(200, nl.customers.queryTooLong).optional().describe('Name, e-mail or phone'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: nl.ownerBookings.invalidFilter })
    .int(nl.ownerBookings.invalidFilter)
    .min(1, nl.ownerBookings.invalidFilter)
    .max(PUBLIC_API_PAGE_MAX, nl.ownerBookings.invalidFilter)
    .default(PUBLIC_API_PAGE_DEFAULT),
});
export type PublicCustomersQuery = z.input<typeof publicCustomersQuery>;

export const publicCustomer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().describe('E.164'),
    birthDate: z.string().nullable().describe('yyyy-MM-dd'),
    tags: z.array(z.string()),
    marketingConsent: z.boolean(),
    /** Blocked from booking online (the business still can book them). */
    blocked: z.boolean(),
    /** Confirmed bookings that started and were not marked not shown. */
    visits: z.number().int(),
    noShows: z.number().int(),
    lastVisitAt: offsetDateTime.nullable(),
    nextVisitAt: offsetDateTime.nullable(),
    /** Paid online minus refunds, in cents of the services' currency. */
    totalPaidCents: z.number().int(),
    createdAt: offsetDateTime,
    updatedAt: offsetDateTime,
  })
  .meta({
    example: {
      id: '0b8f5a8e-3d2c-4a6b-9f1e-7c5d4b3a2e10',
      name: 'Noor de Vries',
      email: 'noor@example.nl',
      phone: '+31612345678',
      birthDate: null,
      tags: ['vaste klant'],
      marketingConsent: false,
      blocked: false,
      visits: 4,
      noShows: 0,
      lastVisitAt: '2026-11-18T10:00:00+01:00',
      nextVisitAt: '2026-12-02T14:00:00+01:00',
      totalPaidCents: 0,
      createdAt: '2026-01-05T09:12:00+01:00',
      updatedAt: '2026-11-18T10:31:00+01:00',
    },
  });
export type PublicCustomer = z.infer<typeof publicCustomer>;

export const publicCustomerPage = z.object({
  data: z.array(publicCustomer),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PublicCustomerPage = z.infer<typeof publicCustomerPage>;
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

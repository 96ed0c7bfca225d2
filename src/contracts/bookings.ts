import { z } from 'zod';
import {
  BOOKING_ACTORS,
  BOOKING_HISTORY_KINDS,
  BOOKING_STATUSES,
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  TEXT_DELIVERY_STATUSES,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
  REFUND_CHOICES,
  REFUND_STATUSES,
} from './enums';
import {
  hasControlCharacters,
  isValidStoredPhone,
  MAX_ANSWER_LENGTH,
  OWNER_BOOKING_WARNINGS,
  ownerPhone,
  centsToAmount,
  parseAmountToCents,
  refundAmountProblem,
} from '@core/index';
import { emailAddressOrEmpty } from './email-address';
import { nl } from './messages';
import { nlPublicSteps } from './messages-public-steps';
import { dateString, timeString } from './schedule';

const m = nl.ownerBookings;

/** GET /api/bookings filters and keyset pagination; a call without parameters gives the first page. */
export const bookingsQuery = z.object({
  status: z.enum(BOOKING_STATUSES, { error: m.invalidFilter }).optional(),
  eventId: z.uuid({ error: m.invalidFilter }).optional(),
  agendaId: z.uuid({ error: m.invalidFilter }).optional(),
  q: z.string().trim().max(100).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
  /** Only bookings marked (true) or not marked (false) as not shown. */
  noShow: z
    .enum(['true', 'false'], { error: m.invalidFilter })
    .transform((v) => v === 'true')
    .optional(),
  /** The occurrences of one appointment series (docs/PRODUCT.md#series). */
  seriesId: z.uuid({ error: m.invalidFilter }).optional(),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;

/** GET /api/bookings/export.csv: the list's filters; every matching booking, so no page or cursor. */
export const bookingsExportQuery = bookingsQuery.omit({ limit: true, cursor: true });
export type BookingsExportQuery = z.input<typeof bookingsExportQuery>;

export const ownerBookingDto = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  durationMinutes: z.number(),
  agendaId: z.string(),
  agendaName: z.string(),
  /** The places the booking takes: one, but for a class (docs/PRODUCT.md#classes). */
  seats: z.number(),
  /**
   * The class time the booking holds places of (docs/PRODUCT.md#classes), and that class's places
   * sold and its capacity; null for a service of one seat (and where the answer did not read them).
   */
  classSessionId: z.string().nullable(),
  classSeatsTaken: z.number().nullable(),
  capacity: z.number().nullable(),
  /** What else the booking occupies beside its agenda (a room of the service's further groups), by id and name. */
  extraAgendaIds: z.array(z.string()),
  extraAgendaNames: z.array(z.string()),
  /**
   * A segment of a visit (docs/PRODUCT.md#visits): the visit's id (its first segment's) and this
   * segment's place in it from 0; null and 0 for a booking of one service.
   */
  visitId: z.string().nullable(),
  visitPosition: z.number().int(),
  /** The appointment series it is one occurrence of (docs/PRODUCT.md#series); null: none. */
  seriesId: z.string().nullable(),
  /** The customer record the booking belongs to (docs/PRODUCT.md#customers). */
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /**
   * Paid online (or being paid) and still due at the appointment (docs/PRODUCT.md#deposits), decimal
   * strings in `currency` (the event's); null on free bookings and those from before deposits.
   */
  amountPaid: z.string().nullable(),
  amountDue: z.string().nullable(),
  currency: z.string(),
  /** The refund asked of the provider (null: none asked); refundError says why it failed. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  refundError: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The part asked back by a partial refund; null: no refund, or the whole amount paid online. */
  refundAmount: z.string().nullable(),
  noShow: z.boolean(),
  noShowAt: z.string().nullable(),
  /** A request's decision deadline (docs/PRODUCT.md#approval); null for every other booking. */
  approvalExpiresAt: z.string().nullable(),
  customFieldResponses: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerBookingDto = z.infer<typeof ownerBookingDto>;

/**
 * The customer's details as the owner types them (a manual booking, an edit): a name, an address or
 * nothing (''), a phone number in any usual spelling stored as '+31612345678' (core ownerPhone), and
 * answers to the service's own fields, checked per field against the service by the server.
 */
const mb = nl.manualBookings;
export const customerNameField = z
  .string({ error: mb.nameRequired })
  .trim()
  .min(1, mb.nameRequired)
  .max(200, mb.nameTooLong)
  .refine((v) => !hasControlCharacters(v), mb.nameControlChars);
export const customerPhoneField = z
  .string({ error: mb.invalidPhone })
  .max(40, mb.invalidPhone)
  .transform(ownerPhone)
  .refine((v) => v === '' || isValidStoredPhone(v), mb.invalidPhone);
export const answersField = z.record(
  z.string().max(100),
  z.string().max(MAX_ANSWER_LENGTH, nlPublicSteps.booking.answerTooLong),
);

/**
 * The owner cancels (a paid booking with or without a refund: `refund` only with the cancel; left
 * out it means 'none'; `notifyCustomer` sends the customer the cancellation), moves the booking (date
 * and time together), corrects the customer's details (alone or with a move), or marks it as not
 * shown (`noShow` alone).
 */
export const updateBookingBody = z
  .object({
    status: z.literal('cancelled').optional(),
    refund: z.enum(REFUND_CHOICES).optional(),
    /**
     * A part of the payment to give back ('42,50' or '42.50', read as '42.50'); left out with 'full'
     * the whole amount paid online. More than was paid is refused by the service.
     */
    refundAmount: z
      .string({ error: nl.refunds.amountInvalid })
      .transform((v, ctx) => {
        const cents = parseAmountToCents(v);
        if (refundAmountProblem(cents, Number.MAX_SAFE_INTEGER)) {
          ctx.addIssue({ code: 'custom', message: nl.refunds.amountInvalid });
          return z.NEVER;
        }
        return centsToAmount(cents!);
      })
      .optional(),
    notifyCustomer: z.boolean().optional(),
    noShow: z.boolean().optional(),
    bookingDate: dateString.optional(),
    bookingTime: timeString.optional(),
    /** Move the booking to another agenda of its service (with or without a new time). */
    agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
    customerName: customerNameField.optional(),
    /** '' removes the address. */
    customerEmail: emailAddressOrEmpty.optional(),
    /** '' removes the number. */
    customerPhone: customerPhoneField.optional(),
    customFieldResponses: answersField.optional(),
  })
  .refine((b) => !b.refund || b.status === 'cancelled', nl.refunds.onlyWithCancel)
  .refine((b) => b.refundAmount === undefined || b.status === 'cancelled', nl.refunds.onlyWithCancel)
  .refine((b) => b.refundAmount === undefined || b.refund !== 'none', nl.refunds.amountOnlyWithRefund)
  .refine((b) => b.notifyCustomer === undefined || b.status === 'cancelled', mb.notifyOnlyWithCancel)
  .refine(
    (b) =>
      b.status ||
      b.bookingDate ||
      b.bookingTime ||
      b.agendaId ||
      b.noShow !== undefined ||
      detailsIn(b).length > 0,
    m.nothingToChange,
  )
  .refine(
    (b) =>
      b.noShow === undefined ||
      (!b.status && !b.bookingDate && !b.bookingTime && !b.agendaId && !b.refund && !detailsIn(b).length),
    nl.noShows.alone,
  )
  .refine((b) => !b.status || !detailsIn(b).length, mb.detailsNotWithCancel)
  .refine((b) => Boolean(b.bookingDate) === Boolean(b.bookingTime), m.dateAndTimeTogether);
export type UpdateBookingBody = z.input<typeof updateBookingBody>;

/** The customer details a PATCH body carries (the names of the fields it sets). */
export const CUSTOMER_DETAIL_FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'customFieldResponses',
] as const;
export function detailsIn(body: Partial<Record<(typeof CUSTOMER_DETAIL_FIELDS)[number], unknown>>) {
  return CUSTOMER_DETAIL_FIELDS.filter((f) => body[f] !== undefined);
}

/** The customer of a booking the owner writes down, one or a series: picked, or named and found or made. */
export const manualCustomerFields = {
  /** An existing customer picked in the dialog; without it the booking finds or makes its customer. */
  customerId: z.uuid({ error: nl.customers.notFound }).optional(),
  customerName: customerNameField,
  customerEmail: emailAddressOrEmpty.optional(),
  customerPhone: customerPhoneField.optional(),
  customFieldResponses: answersField.optional(),
  notifyCustomer: z.boolean().optional(),
};

/**
 * POST /api/bookings: a booking the owner writes down (by phone, at the desk, a walk-in afterwards).
 * Without `agendaId` a free agenda of the service takes it. `notifyCustomer` (with an address) sends
 * the customer the confirmation with the manage link.
 */
export const createBookingBody = z
  .object({
    eventId: z.uuid({ error: mb.serviceRequired }),
    agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
    bookingDate: dateString,
    bookingTime: timeString,
    ...manualCustomerFields,
    /** The places of a class it takes (docs/PRODUCT.md#classes); at most the service's maxSeatsPerBooking. */
    seats: z
      .number({ error: nlPublicSteps.booking.seatsInvalid })
      .int(nlPublicSteps.booking.seatsInvalid)
      .min(1, nlPublicSteps.booking.seatsInvalid)
      .max(500, nlPublicSteps.booking.seatsInvalid)
      .optional(),
  })
  .refine((b) => !b.notifyCustomer || Boolean(b.customerEmail), {
    path: ['customerEmail'],
    message: mb.notifyNeedsEmail,
  });
export type CreateBookingBody = z.input<typeof createBookingBody>;

/** The new booking with the rules it overrules (core ownerBookingWarnings; Dutch in nl.manualBookings.warnings). */
export const createdBookingDto = ownerBookingDto.extend({
  warnings: z.array(z.enum(OWNER_BOOKING_WARNINGS)),
});
export type CreatedBookingDto = z.infer<typeof createdBookingDto>;

/**
 * GET /api/bookings/slots?eventId=&date=&agendaId=: the owner's grid of that day for a new booking
 * (busy: every agenda it may use is taken there), with what the dialog needs to warn before saving
 * (core ownerBookingWarnings): the service's live bookings that day and the closures covering it.
 */
export const newBookingSlotsQuery = z.object({
  eventId: z.uuid({ error: mb.serviceRequired }),
  date: dateString,
  agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
});
export type NewBookingSlotsQuery = z.input<typeof newBookingSlotsQuery>;
export const newBookingSlotsDto = z.object({
  slots: z.array(z.object({ time: z.string(), busy: z.boolean() })),
  dayCount: z.number(),
  closures: z.array(
    z.object({
      startDate: z.string(),
      endDate: z.string(),
      label: z.string(),
      agendaId: z.string().nullable(),
      /** Recurs on the same calendar dates every year (core closureCovers). */
      yearly: z.boolean().optional(),
    }),
  ),
});
export type NewBookingSlotsDto = z.infer<typeof newBookingSlotsDto>;

/** GET /api/bookings/{id}/slots?date=&agendaId=: the times the owner may move the booking to that day. */
export const moveSlotsQuery = z.object({
  date: dateString,
  agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
});
export const moveSlotsDto = z.array(z.object({ time: z.string(), busy: z.boolean() }));
export type MoveSlotsDto = z.infer<typeof moveSlotsDto>;

/** A booking's place in the agenda, as a history entry tells a move. */
const slotDto = z.object({ bookingDate: z.string(), bookingTime: z.string(), agendaName: z.string() });

/** One e-mail or webhook a change caused, and what became of it. */
export const historyMessageDto = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who it went to: the customer's or the owner's address, or the webhook's name. */
  recipient: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  /** When it is due: a reminder or follow-up waits for it (the appointment's time). */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /**
   * A text message (SMS, WhatsApp): its status as the provider last reported it
   * (nl.bookingDetails.providerStatuses); null for other channels and before the provider answered.
   */
  providerStatus: z.enum(TEXT_DELIVERY_STATUSES).nullable(),
});
export type HistoryMessageDto = z.infer<typeof historyMessageDto>;

export const bookingHistoryEntryDto = z.object({
  id: z.string(),
  kind: z.enum(BOOKING_HISTORY_KINDS),
  actor: z.enum(BOOKING_ACTORS),
  /** The member who made an `owner` change, by their name then (null for older entries and other actors). */
  memberName: z.string().nullable(),
  /** That member's id: the one reading their own change is told 'door u'. */
  memberId: z.string().nullable(),
  at: z.string(),
  /** A move: where the booking was and where it went (null for other kinds). */
  from: slotDto.nullable(),
  to: slotDto.nullable(),
  /** An edit of the customer details: the names of the fields it changed (else empty). */
  changedFields: z.array(z.string()),
  messages: z.array(historyMessageDto),
});
export type BookingHistoryEntryDto = z.infer<typeof bookingHistoryEntryDto>;

/**
 * GET /api/bookings/{id}: the list's booking plus every answer of the form (in the service's field
 * order; answers to fields removed since come last) and the history, oldest first.
 */
/** One segment of the visit a booking belongs to, in the owner's details. */
export const visitSegmentDto = z.object({
  id: z.string(),
  position: z.number().int(),
  service: z.string(),
  bookingDate: z.string(),
  time: z.string(),
  endTime: z.string(),
  agendaName: z.string(),
  extraAgendaNames: z.array(z.string()),
  status: z.enum(BOOKING_STATUSES),
});
export type VisitSegmentDto = z.infer<typeof visitSegmentDto>;

export const bookingDetailsDto = ownerBookingDto.extend({
  answers: z.array(
    z.object({
      fieldName: z.string(),
      fieldType: z.string().nullable(),
      value: z.string(),
      /** The field is sensitive: its answer is shown here and nowhere outside the app. */
      sensitive: z.boolean(),
    }),
  ),
  history: z.array(bookingHistoryEntryDto),
  /** A segment of a visit: the visit with every segment in order (this one included); null otherwise. */
  visit: z
    .object({ visitId: z.string(), position: z.number().int(), segments: z.array(visitSegmentDto) })
    .nullable(),
});
export type BookingDetailsDto = z.infer<typeof bookingDetailsDto>;

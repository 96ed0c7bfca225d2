import { z } from 'zod';
import {
  BOOKING_ACTORS,
  BOOKING_HISTORY_KINDS,
  BOOKING_STATUSES,
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
  REFUND_CHOICES,
  REFUND_STATUSES,
} from './enums';
import { nl } from './messages';
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
  noShow: z.boolean(),
  noShowAt: z.string().nullable(),
  customFieldResponses: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerBookingDto = z.infer<typeof ownerBookingDto>;

/**
 * The owner cancels (a paid booking with or without a refund: `refund` only with the cancel; left
 * out it means 'none'), moves the booking (date and time together), or marks it as not shown
 * (`noShow` alone).
 */
export const updateBookingBody = z
  .object({
    status: z.literal('cancelled').optional(),
    refund: z.enum(REFUND_CHOICES).optional(),
    noShow: z.boolean().optional(),
    bookingDate: dateString.optional(),
    bookingTime: timeString.optional(),
    /** Move the booking to another agenda of its service (with or without a new time). */
    agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
  })
  .refine((b) => !b.refund || b.status === 'cancelled', nl.refunds.onlyWithCancel)
  .refine(
    (b) => b.status || b.bookingDate || b.bookingTime || b.agendaId || b.noShow !== undefined,
    m.nothingToChange,
  )
  .refine(
    (b) =>
      b.noShow === undefined || (!b.status && !b.bookingDate && !b.bookingTime && !b.agendaId && !b.refund),
    nl.noShows.alone,
  )
  .refine((b) => Boolean(b.bookingDate) === Boolean(b.bookingTime), m.dateAndTimeTogether);
export type UpdateBookingBody = z.input<typeof updateBookingBody>;

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
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type HistoryMessageDto = z.infer<typeof historyMessageDto>;

export const bookingHistoryEntryDto = z.object({
  id: z.string(),
  kind: z.enum(BOOKING_HISTORY_KINDS),
  actor: z.enum(BOOKING_ACTORS),
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
export const bookingDetailsDto = ownerBookingDto.extend({
  answers: z.array(z.object({ fieldName: z.string(), fieldType: z.string().nullable(), value: z.string() })),
  history: z.array(bookingHistoryEntryDto),
});
export type BookingDetailsDto = z.infer<typeof bookingDetailsDto>;

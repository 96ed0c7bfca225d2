import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES, REFUND_CHOICES, REFUND_STATUSES } from './enums';
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

import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from './enums';
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
  customFieldResponses: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerBookingDto = z.infer<typeof ownerBookingDto>;

/** The owner either cancels, or moves the booking (date and time together). */
export const updateBookingBody = z
  .object({
    status: z.literal('cancelled').optional(),
    bookingDate: dateString.optional(),
    bookingTime: timeString.optional(),
    /** Move the booking to another agenda of its service (with or without a new time). */
    agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
  })
  .refine((b) => b.status || b.bookingDate || b.bookingTime || b.agendaId, m.nothingToChange)
  .refine((b) => Boolean(b.bookingDate) === Boolean(b.bookingTime), m.dateAndTimeTogether);
export type UpdateBookingBody = z.input<typeof updateBookingBody>;

/** GET /api/bookings/{id}/slots?date=&agendaId=: the times the owner may move the booking to that day. */
export const moveSlotsQuery = z.object({
  date: dateString,
  agendaId: z.uuid({ error: nl.agendas.unknown }).optional(),
});
export const moveSlotsDto = z.array(z.object({ time: z.string(), busy: z.boolean() }));
export type MoveSlotsDto = z.infer<typeof moveSlotsDto>;

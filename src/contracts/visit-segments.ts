/**
 * A visit's segments as the customer sees them (docs/PRODUCT.md#visits): in the answer to a new
 * visit and on the manage page. Apart from public-visits.ts, so the manage answer can carry them.
 */
import * as z from 'zod/mini';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from './enums';

/** One segment of a visit as the customer sees it. */
export const visitSegment = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  service: z.string(),
  /** The person (the first group's agenda) and anything else it occupies (a room), by name. */
  agendaName: z.string(),
  otherAgendaNames: z.array(z.string()),
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type VisitSegment = z.infer<typeof visitSegment>;

export const visitTotalsDto = z.object({
  durationMinutes: z.number(),
  /** Decimal strings in the services' currency; '0.00' when nothing is paid. */
  price: z.string(),
  payNow: z.string(),
  currency: z.string(),
});

/** The manage page's visit: its segments in order and its totals. */
export const managedVisit = z.object({
  visitId: z.string(),
  segments: z.array(visitSegment),
  totals: visitTotalsDto,
});
export type ManagedVisit = z.infer<typeof managedVisit>;

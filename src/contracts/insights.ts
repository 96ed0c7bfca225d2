import { z } from 'zod';
import { DATE_RANGE_TYPES } from '@core/index';
import { BOOKING_STATUSES } from './enums';

/** Dashboard (docs/PRODUCT.md#dashboard): four figures and two short lists, all computed by the database. */
export const dashboardDto = z.object({
  eventCount: z.number(),
  /** Events that require payment: with payment keys that do not work, the dashboard warns. */
  paidEventCount: z.number(),
  bookingCount: z.number(),
  todayCount: z.number(),
  /**
   * Sum of paid bookings' event price, 'NN.NN'; null for a member whose role has no `insights`
   * (docs/PRODUCT.md#roles): the eigenaar always gets it.
   */
  revenue: z.string().nullable(),
  recentBookings: z.array(
    z.object({
      id: z.string(),
      customerName: z.string(),
      eventTitle: z.string(),
      bookingDate: z.string(),
      bookingTime: z.string(),
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      durationMinutes: z.number(),
      dateRangeType: z.enum(DATE_RANGE_TYPES),
      dateRangeStart: z.string().nullable(),
      dateRangeEnd: z.string().nullable(),
      specificDates: z.array(z.string()).nullable(),
      requiresPayment: z.boolean(),
    }),
  ),
});
export type DashboardDto = z.infer<typeof dashboardDto>;

export const analyticsQuery = z.object({
  period: z.enum(['today', 'yesterday', 'week', 'month']).default('today'),
});

export const analyticsDto = z.object({
  overview: z.object({ totalEvents: z.number(), totalBookings: z.number() }),
  period: z.enum(['today', 'yesterday', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  /** Appointments whose date lies in the period, neither cancelled nor undecided requests. */
  bookings: z.number(),
  cancellations: z.number(),
  /** Requests in the period still waiting for the owner's decision (docs/PRODUCT.md#approval). */
  requests: z.number(),
  /**
   * Confirmed appointments in the period marked as not shown, of those whose start has passed
   * (`started`); `rate` = count / started (0–1), null when none has started yet.
   */
  noShows: z.object({ count: z.number(), started: z.number(), rate: z.number().nullable() }),
  revenue: z.string(),
  perDay: z.array(z.object({ date: z.string(), count: z.number() })),
  /** 0 = Sunday … 6 = Saturday. */
  byWeekday: z.array(z.object({ weekday: z.number(), count: z.number() })),
  byHour: z.array(z.object({ hour: z.number(), count: z.number() })),
  topEvents: z.array(z.object({ eventId: z.string(), title: z.string(), count: z.number() })),
  occupancy: z.object({ totalSlots: z.number(), booked: z.number(), percentage: z.number() }),
  /**
   * 'Komende 7 dagen', whatever the period: confirmed appointments from now through the coming seven
   * days (`from`–`to`, core `upcomingRange`), and what they are expected to bring in ('NN.NN'): each
   * one's price — paid online plus due at the appointment — 0 for free services.
   */
  upcoming: z.object({
    from: z.string(),
    to: z.string(),
    bookings: z.number(),
    expectedRevenue: z.string(),
  }),
});
export type AnalyticsDto = z.infer<typeof analyticsDto>;

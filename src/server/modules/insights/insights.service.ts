import type { z } from 'zod';
import type { AnalyticsDto, analyticsQuery, DashboardDto } from '@contracts/insights';
import { occupancy, slotsInPeriod, statsPeriodRange, todayInZone, upcomingRange } from '@core/index';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { closuresRepo } from '../closures/closures.repo';
import { eventsRepo } from '../events/events.repo';
import { insightsRepo } from './insights.repo';
import { can } from '@core/permissions';
import { agendaScope, type BookingViewer } from '../bookings/booking-viewer';

/** docs/PRODUCT.md#dashboard: the dashboard lists show at most 5 items. */
export const DASHBOARD_LIST_SIZE = 5;

export function createInsightsService(db: Db, { now }: { now: () => Date }) {
  return {
    /**
     * The dashboard as the viewer may see it (docs/PRODUCT.md#roles): the booking figures and list of
     * their agendas only without `bookings.allAgendas`, and no revenue (null) without `insights`.
     */
    async dashboard(user: UserRow, viewer: BookingViewer): Promise<DashboardDto> {
      const today = todayInZone(now(), user.timeZone);
      const scope = agendaScope(viewer);
      const [totals, recent, events] = await Promise.all([
        insightsRepo.dashboardTotals(db, user.id, today, scope),
        insightsRepo.recentBookings(db, user.id, DASHBOARD_LIST_SIZE, scope),
        eventsRepo.latest(db, user.id, DASHBOARD_LIST_SIZE),
      ]);
      return {
        eventCount: Number(totals.event_count),
        paidEventCount: Number(totals.paid_event_count),
        bookingCount: Number(totals.booking_count),
        todayCount: Number(totals.today_count),
        revenue: can(viewer.role, 'insights') ? totals.revenue : null,
        recentBookings: recent.map((r) => ({
          id: r.id,
          customerName: r.customer_name,
          eventTitle: r.event_title,
          bookingDate: r.booking_date,
          bookingTime: r.booking_time,
          status: r.status as DashboardDto['recentBookings'][number]['status'],
        })),
        events: events.map((e) => ({
          id: e.id,
          title: e.title,
          durationMinutes: e.durationMinutes,
          dateRangeType: e.dateRangeType,
          dateRangeStart: e.dateRangeStart,
          dateRangeEnd: e.dateRangeEnd,
          specificDates: e.specificDates,
          requiresPayment: e.requiresPayment,
        })),
      };
    },

    /** Figures for one statistics period, by appointment date in the owner's time zone. */
    async analytics(user: UserRow, { period }: z.output<typeof analyticsQuery>): Promise<AnalyticsDto> {
      const today = todayInZone(now(), user.timeZone);
      const { from, to } = statsPeriodRange(period, today);
      const ahead = upcomingRange(today);
      const [totals, perDay, byWeekday, byHour, topEvents, events, upcoming] = await Promise.all([
        insightsRepo.periodTotals(db, user.id, from, to, now()),
        insightsRepo.groupedInPeriod(db, user.id, from, to, 'day'),
        insightsRepo.groupedInPeriod(db, user.id, from, to, 'weekday'),
        insightsRepo.groupedInPeriod(db, user.id, from, to, 'hour'),
        insightsRepo.groupedInPeriod(db, user.id, from, to, 'event'),
        eventsRepo.schedules(db, user.id),
        insightsRepo.upcomingTotals(db, user.id, ahead.from, ahead.to, now()),
      ]);
      // Days the business was closed offered nothing: they are not capacity.
      const closures = await closuresRepo.overlapping(db, user.id, from, to);
      const capacity = events.reduce((sum, e) => sum + slotsInPeriod(e, from, to, closures), 0);
      const occ = occupancy({ totalSlots: capacity, booked: Number(totals.confirmed) });
      return {
        overview: { totalEvents: events.length, totalBookings: Number(totals.total_bookings) },
        period,
        from,
        to,
        bookings: Number(totals.bookings),
        cancellations: Number(totals.cancellations),
        requests: Number(totals.requests),
        // Of the confirmed appointments whose start has passed, how many the owner marked as not shown.
        noShows: {
          count: Number(totals.no_shows),
          started: Number(totals.started),
          rate: Number(totals.started) > 0 ? Number(totals.no_shows) / Number(totals.started) : null,
        },
        revenue: totals.revenue,
        perDay: perDay.map((r) => ({ date: String(r.key), count: Number(r.count) })),
        byWeekday: byWeekday.map((r) => ({ weekday: Number(r.key), count: Number(r.count) })),
        byHour: byHour.map((r) => ({ hour: Number(r.key), count: Number(r.count) })),
        topEvents: topEvents.map((r) => ({
          eventId: String(r.key),
          title: r.title ?? '',
          count: Number(r.count),
        })),
        occupancy: { totalSlots: occ.totalSlots, booked: occ.booked, percentage: occ.percentage },
        upcoming: {
          ...ahead,
          bookings: Number(upcoming.bookings),
          expectedRevenue: upcoming.expected_revenue,
        },
      };
    },
  };
}

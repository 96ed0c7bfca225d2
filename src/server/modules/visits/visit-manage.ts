import type { MonthAvailabilityDto, RescheduleBody } from '@contracts/public-booking';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { NEW_CUSTOMER, todayInZone, visitMonthAvailability, visitTotals, withOwnSlot } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { bookingsRepo } from '../bookings/bookings.repo';
import { claimIn, guardOverlap } from '../bookings/slot-rules';
import type { BookingNotifier } from '../notifications/booking-notifier';
import { monthDates, placeVisit, visitInputs } from './visit-placement';
import { visitServices } from './visit-services';
import { visitsRepo } from './visits.repo';

/** What the manage link changes of a visit: all of its segments that are not cancelled, as one. */
export function createVisitManage(db: Db, deps: { notifier: BookingNotifier; now: () => Date }) {
  const live = async (visitId: string) =>
    (await visitsRepo.segments(db, visitId)).filter((s) => s.booking.status !== 'cancelled');

  /** The visit's services as they are now, each keeping its agenda first (its own, if chosen). */
  const servicesOf = (segments: ReadonlyArray<{ booking: BookingRow }>) =>
    visitServices(
      db,
      segments.map(({ booking }) => ({
        eventId: booking.eventId,
        keep: { agendaId: booking.agendaId, chosen: booking.agendaChosen },
      })),
    );

  return {
    segments: (visitId: string) => visitsRepo.segments(db, visitId),

    /** The cut-offs of the strictest of the visit's services, which apply to the whole visit. */
    cutoffs(events: readonly EventRow[]) {
      const { cancelCutoffHours, rescheduleCutoffHours } = visitTotals(events, NEW_CUSTOMER);
      return { cancelCutoffHours, rescheduleCutoffHours };
    },

    /** The manage page's month for moving the visit: its own segments do not block it, its own start stays. */
    async month(first: BookingRow, month: string): Promise<MonthAvailabilityDto> {
      const { first: from, last: to } = monthDates(month);
      const segments = await live(first.visitId!);
      // A visit with nothing left to move has no month to move it in.
      if (!segments.length) throw new AppError('CONFLICT', nl.booking.cancelledCannotChange);
      const services = await servicesOf(segments);
      const at = deps.now();
      const inputs = await visitInputs(
        db,
        services,
        from,
        to,
        at,
        segments.map((s) => s.booking.id),
      );
      const { timeZone } = services[0]!.found;
      const days = visitMonthAvailability(month, inputs);
      return {
        month,
        today: todayInZone(at, timeZone),
        timeZone,
        days: withOwnSlot(days, { date: first.bookingDate, time: first.bookingTime }, month),
      };
    },

    /**
     * Cancels every live segment in one transaction; the first one's messages tell the visit. With
     * `refund`, the first segment, which carries the visit's payment, is marked for its refund (asked
     * by the caller after the commit, as for one booking).
     */
    async cancel(first: BookingRow, at: Date, { refund = false }: { refund?: boolean } = {}) {
      await db.transaction(async (tx) => {
        const rows = (await visitsRepo.lockSegments(tx, first.visitId!)).filter(
          (r) => r.status !== 'cancelled',
        );
        if (!rows.length) throw new AppError('CONFLICT', nl.booking.cancelledCannotChange);
        for (const [k, row] of rows.entries()) {
          const marks =
            refund && row.id === first.id ? { refundStatus: 'pending' as const, refundError: null } : {};
          const cancelled = await bookingsRepo.cancelLive(tx, row.id, at, marks);
          if (cancelled && row.status === 'confirmed')
            await deps.notifier.cancelled(tx, cancelled, 'customer', { laterSegment: k > 0 });
        }
      });
    },

    /**
     * Moves the whole visit to a new start: every segment finds its place again (core visitPlaces,
     * the visit's own segments not blocking), in one transaction. Segments are written in the
     * direction of the move (the last first when it moves later) so no segment's new time ever meets
     * another's old one under the exclusion constraint.
     */
    async reschedule(first: BookingRow, body: RescheduleBody, at: Date) {
      const segments = await live(first.visitId!);
      if (!segments.length) throw new AppError('CONFLICT', nl.booking.cancelledCannotChange);
      const services = await servicesOf(segments);
      const ids = segments.map((s) => s.booking.id);
      const claims = await placeVisit(db, services, body.bookingDate, body.bookingTime, at, ids);
      if (claims.length !== segments.length) throw badRequest(nl.booking.slotUnavailable);
      const later = claims[0]!.startsAt.getTime() > first.startsAt.getTime();
      const order = claims.map((_, k) => k);
      if (later) order.reverse();
      await guardOverlap(() =>
        db.transaction(async (tx) => {
          for (const k of order) {
            const claim = claims[k]!;
            const booking = segments[k]!.booking;
            await claimIn(tx, claim, at, async (savepoint, agendaId, extraAgendaIds) => {
              const before = await bookingsRepo.lockSlot(savepoint, booking.id);
              const moved = await bookingsRepo.update(
                savepoint,
                booking.id,
                {
                  bookingDate: body.bookingDate,
                  bookingTime: claim.time,
                  startsAt: claim.startsAt,
                  endsAt: claim.endsAt,
                  agendaId,
                  extraAgendaIds,
                  agendaChosen: booking.agendaChosen && agendaId === booking.agendaId,
                },
                at,
              );
              await deps.notifier.rescheduled(savepoint, moved, 'customer', before, undefined, {
                laterSegment: k > 0,
              });
            });
          }
        }),
      );
    },
  };
}
export type VisitManage = ReturnType<typeof createVisitManage>;

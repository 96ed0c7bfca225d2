import type { ManagedVisit, VisitSegment } from '@contracts/visit-segments';
import { centsToAmount, NEW_CUSTOMER, slotEnd, visitTotals } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow, EventRow } from '../../db/schema';
import { agendasRepo } from '../agendas/agendas.repo';

/** A visit's segments as its customer sees them, with the names of the agendas they occupy. */
export async function toVisitSegments(
  db: Db,
  segments: ReadonlyArray<{ booking: BookingRow; event: Pick<EventRow, 'title' | 'durationMinutes'> }>,
): Promise<VisitSegment[]> {
  const names = await agendasRepo.namesOf(db, [
    ...new Set(segments.flatMap(({ booking }) => [booking.agendaId, ...booking.extraAgendaIds])),
  ]);
  return segments.map(({ booking, event }) => ({
    bookingId: booking.id,
    eventId: booking.eventId,
    service: event.title,
    agendaName: names.get(booking.agendaId) ?? '',
    otherAgendaNames: booking.extraAgendaIds.map((id) => names.get(id) ?? ''),
    date: booking.bookingDate,
    time: booking.bookingTime,
    endTime: slotEnd(booking.bookingTime, event.durationMinutes) ?? booking.bookingTime,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    status: booking.status,
    paymentStatus: booking.paymentStatus,
  }));
}

/** What the visit's services take and cost together (core visitTotals), as the answers carry it. */
export function toVisitTotals(events: readonly EventRow[]): ManagedVisit['totals'] {
  const totals = visitTotals(events, NEW_CUSTOMER);
  return {
    durationMinutes: totals.durationMinutes,
    price: centsToAmount(totals.priceCents),
    payNow: centsToAmount(totals.payNowCents),
    currency: events[0]?.currency ?? 'EUR',
  };
}

/** The manage page's visit of a segment's booking; null for a booking of one service. */
export async function managedVisit(
  db: Db,
  segments: ReadonlyArray<{ booking: BookingRow; event: EventRow }>,
): Promise<ManagedVisit | null> {
  const first = segments[0];
  if (!first?.booking.visitId) return null;
  return {
    visitId: first.booking.visitId,
    segments: await toVisitSegments(db, segments),
    totals: toVisitTotals(segments.map((s) => s.event)),
  };
}

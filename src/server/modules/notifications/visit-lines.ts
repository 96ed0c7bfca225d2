import { slotEnd } from '@core/index';
import type { Db } from '../../db/client';
import type { BookingRow } from '../../db/schema';
import { agendasRepo } from '../agendas/agendas.repo';
import { visitsRepo } from '../visits/visits.repo';

/**
 * One segment of a visit as its first segment's messages and the owner's details tell it
 * (docs/PRODUCT.md#visits): the service, its slot, the person and whatever else it occupies (a room).
 */
export interface VisitLine {
  bookingId: string;
  eventId: string;
  position: number;
  service: string;
  agendaId: string;
  agendaName: string;
  extraAgendaIds: string[];
  extraAgendaNames: string[];
  bookingDate: string;
  bookingTime: string;
  /** The wall-clock end of the service itself (buffers not included). */
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  status: BookingRow['status'];
}

/** The visit's segments in order, with the names of every agenda they occupy (one read each). */
export async function visitLines(db: Db, visitId: string): Promise<VisitLine[]> {
  const segments = await visitsRepo.segments(db, visitId);
  const names = await agendasRepo.namesOf(db, [
    ...new Set(segments.flatMap(({ booking }) => [booking.agendaId, ...booking.extraAgendaIds])),
  ]);
  return segments.map(({ booking, event }) => ({
    bookingId: booking.id,
    eventId: booking.eventId,
    position: booking.visitPosition,
    service: event.title,
    agendaId: booking.agendaId,
    agendaName: names.get(booking.agendaId) ?? '',
    extraAgendaIds: booking.extraAgendaIds,
    extraAgendaNames: booking.extraAgendaIds.map((id) => names.get(id) ?? ''),
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    endTime: slotEnd(booking.bookingTime, event.durationMinutes) ?? booking.bookingTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    status: booking.status,
  }));
}

/** The visit of a booking whose messages tell it: the first segment's; none for any other booking. */
export const tellsVisit = (booking: Pick<BookingRow, 'visitId' | 'visitPosition'>) =>
  booking.visitId !== null && booking.visitPosition === 0;

import type { CustomerBookingDto, CustomerListItem, CustomerNoteDto } from '@contracts/customers';
import type { BookingRow, CustomerNoteRow } from '../../db/schema';
import type { CustomerWithFigures } from './customers.repo';

/** What a member's role lets them see of customers (src/core/permissions.ts). */
export interface CustomerView {
  /** `customers.contact`: e-mail addresses and phone numbers. */
  contact: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toListItem(row: CustomerWithFigures, view: CustomerView): CustomerListItem {
  return {
    id: row.id,
    name: row.name,
    email: view.contact ? row.email : null,
    phone: view.contact ? row.phone : null,
    visits: row.visits,
    noShows: row.noShows,
    lastVisitAt: iso(row.lastVisitAt),
    nextVisitAt: iso(row.nextVisitAt),
    totalPaidCents: row.totalPaidCents,
    tags: row.tags,
    blocked: row.blockedAt !== null,
  };
}

export function toNoteDto(row: CustomerNoteRow): CustomerNoteDto {
  return {
    id: row.id,
    text: row.text,
    followUpOn: row.followUpOn,
    memberName: row.memberName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCustomerBooking(row: {
  booking: BookingRow;
  eventTitle: string;
  agendaName: string;
}): CustomerBookingDto {
  const b = row.booking;
  return {
    id: b.id,
    eventId: b.eventId,
    eventTitle: row.eventTitle,
    agendaId: b.agendaId,
    agendaName: row.agendaName,
    startsAt: b.startsAt.toISOString(),
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    status: b.status,
    paymentStatus: b.paymentStatus,
    amountPaid: b.amountPaid,
    refundAmount: b.refundAmount,
    refundedAt: iso(b.refundedAt),
    noShow: b.noShow,
    answers: b.customFieldResponses,
  };
}

import type { OwnerBookingDto } from '@contracts/bookings';

/** A class time on the agenda (docs/PRODUCT.md#classes): its bookings and places as one block. */
export interface ClassGroup {
  sessionId: string;
  /** Places sold (the database's counter) and the class's capacity. */
  taken: number;
  capacity: number;
  bookings: OwnerBookingDto[];
}

/** What the agenda places: a booking, or a class time standing for all of its bookings. */
export type AgendaItem = OwnerBookingDto & { classGroup?: ClassGroup };

/**
 * One item per class time instead of one per attendee: the class's first live booking stands for it
 * (its time, agenda and service are the class's), carrying the group. A class whose every booking
 * is cancelled stays as one cancelled block. Bookings of one seat pass as they are, in their order.
 */
export function groupClasses(items: readonly OwnerBookingDto[]): AgendaItem[] {
  const groups = new Map<string, OwnerBookingDto[]>();
  for (const b of items) {
    if (!b.classSessionId) continue;
    const list = groups.get(b.classSessionId) ?? [];
    list.push(b);
    groups.set(b.classSessionId, list);
  }
  const out: AgendaItem[] = [];
  for (const b of items) {
    if (!b.classSessionId) {
      out.push(b);
      continue;
    }
    const bookings = groups.get(b.classSessionId);
    if (!bookings) continue; // already placed by its first booking
    groups.delete(b.classSessionId);
    const lead = bookings.find((x) => x.status !== 'cancelled') ?? bookings[0]!;
    const live = bookings.filter((x) => x.status !== 'cancelled');
    out.push({
      ...lead,
      classGroup: {
        sessionId: b.classSessionId,
        taken: lead.classSeatsTaken ?? live.reduce((n, x) => n + x.seats, 0),
        capacity: lead.capacity ?? 0,
        bookings,
      },
    });
  }
  return out;
}

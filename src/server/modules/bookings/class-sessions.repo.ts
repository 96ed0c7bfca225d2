import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendas, bookings, classSessions, events } from '../../db/schema';

/** A class time's places as the owner's answers show them, by the class's id. */
export type ClassPlacesById = ReadonlyMap<string, { seatsTaken: number; capacity: number }>;

/** The class times of the owner's classes (docs/PRODUCT.md#classes): read only, the database keeps them. */
export const classSessionsRepo = {
  /** The places sold and the capacity of these classes (a page of bookings names only a few). */
  async placesOf(db: Db, ids: readonly string[]): Promise<ClassPlacesById> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: classSessions.id,
        seatsTaken: classSessions.seatsTaken,
        capacity: classSessions.capacity,
      })
      .from(classSessions)
      .where(inArray(classSessions.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { seatsTaken: r.seatsTaken, capacity: r.capacity }]));
  },

  /** A class time of one of the owner's services, with its service and agenda name. */
  async findOwned(db: Db, userId: string, id: string) {
    const [row] = await db
      .select({ session: classSessions, event: events, agendaName: agendas.name })
      .from(classSessions)
      .innerJoin(events, eq(events.id, classSessions.eventId))
      .innerJoin(agendas, eq(agendas.id, classSessions.agendaId))
      .where(and(eq(classSessions.id, id), eq(events.userId, userId)));
    return row;
  },

  /**
   * Every booking of the class in the order they were made, cancelled ones last (they keep the class
   * they were of); the name decides between bookings of the same moment.
   */
  async bookingsOf(db: Db, id: string) {
    return db
      .select()
      .from(bookings)
      .where(eq(bookings.classSessionId, id))
      .orderBy(
        sql`${bookings.status} = 'cancelled'`,
        asc(bookings.createdAt),
        asc(bookings.customerName),
        asc(bookings.id),
      );
  },
};

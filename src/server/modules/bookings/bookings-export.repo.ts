import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, customFields, events } from '../../db/schema';

export const bookingsExportRepo = {
  /**
   * The names of the owner's custom fields: those of the services in the order they were made and
   * the fields' order, then names only old answers still carry (a field removed since), by name.
   */
  async fieldNames(db: Db, ownerId: string): Promise<string[]> {
    const fields = await db
      .select({ name: customFields.fieldName })
      .from(customFields)
      .innerJoin(events, eq(events.id, customFields.eventId))
      .where(eq(events.userId, ownerId))
      .orderBy(asc(events.createdAt), asc(events.id), asc(customFields.order));
    const answered = await db
      .selectDistinct({ name: sql<string>`jsonb_object_keys(${bookings.customFieldResponses})` })
      .from(bookings)
      .where(eq(bookings.ownerId, ownerId));
    const names = new Set(fields.map((f) => f.name));
    for (const name of answered.map((a) => a.name).sort()) names.add(name);
    return [...names];
  },
  /** Which of the owner's fields are sensitive (docs/PRODUCT.md#sensitive-answers), per service. */
  sensitivity(db: Db, ownerId: string) {
    return db
      .select({
        eventId: customFields.eventId,
        name: customFields.fieldName,
        sensitive: customFields.sensitive,
      })
      .from(customFields)
      .innerJoin(events, eq(events.id, customFields.eventId))
      .where(eq(events.userId, ownerId));
  },
};

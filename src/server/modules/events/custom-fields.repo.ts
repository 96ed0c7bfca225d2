import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { customFields } from '../../db/schema';

export interface FieldValues {
  id?: string;
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
  order: number;
}

const fieldsOfEvent = preparedPerDb((db) =>
  db
    .select()
    .from(customFields)
    .where(eq(customFields.eventId, sql.placeholder('eventId')))
    .orderBy(asc(customFields.order), asc(customFields.id))
    .prepare('custom_fields_of_event'),
);

export const customFieldsRepo = {
  /** The event's fields in their order (prepared: every booking and booking page reads them). */
  listByEvent(db: Db, eventId: string) {
    return fieldsOfEvent(db).execute({ eventId });
  },
  async insertMany(db: Db, eventId: string, fields: FieldValues[]) {
    if (fields.length === 0) return;
    await db.insert(customFields).values(fields.map(({ id: _id, ...f }) => ({ ...f, eventId })));
  },
  /** Makes the event's fields exactly `fields`: known ids are updated, others inserted, the rest removed. */
  async replace(db: Db, eventId: string, fields: FieldValues[]) {
    const existing = new Set((await this.listByEvent(db, eventId)).map((f) => f.id));
    const kept = fields.filter((f) => f.id && existing.has(f.id)).map((f) => f.id!);
    await db
      .delete(customFields)
      .where(
        and(eq(customFields.eventId, eventId), kept.length ? notInArray(customFields.id, kept) : undefined),
      );
    for (const f of fields.filter((f) => f.id && existing.has(f.id))) {
      const { id, ...values } = f;
      await db
        .update(customFields)
        .set(values)
        .where(and(eq(customFields.id, id!), eq(customFields.eventId, eventId)));
    }
    await this.insertMany(
      db,
      eventId,
      fields.filter((f) => !f.id || !existing.has(f.id)),
    );
  },
  async eventIdsWithFields(db: Db, eventIds: string[]) {
    if (eventIds.length === 0) return [];
    return db.select().from(customFields).where(inArray(customFields.eventId, eventIds));
  },
};

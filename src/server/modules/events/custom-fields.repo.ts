import { and, asc, eq, inArray, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { customFields } from '../../db/schema';

export interface FieldValues {
  id?: string;
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
  order: number;
  options: string[];
  minValue: number | null;
  maxValue: number | null;
  sensitive: boolean;
}

/** numeric columns take text: a bound as the column stores it. */
const columnsOf = ({ id: _id, minValue, maxValue, ...f }: FieldValues) => ({
  ...f,
  minValue: minValue === null ? null : String(minValue),
  maxValue: maxValue === null ? null : String(maxValue),
});

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
    await db.insert(customFields).values(fields.map((f) => ({ ...columnsOf(f), eventId })));
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
      await db
        .update(customFields)
        .set(columnsOf(f))
        .where(and(eq(customFields.id, f.id!), eq(customFields.eventId, eventId)));
    }
    await this.insertMany(
      db,
      eventId,
      fields.filter((f) => !f.id || !existing.has(f.id)),
    );
  },
  /**
   * The names of an event's sensitive fields (docs/PRODUCT.md#sensitive-answers), as a column of a
   * query over bookings or events: what an output outside the app leaves out.
   */
  sensitiveNamesOf(eventId: AnyColumn) {
    return sql<string[]>`(
      select coalesce(json_agg(sf.field_name), '[]'::json)
      from ${customFields} sf where sf.event_id = ${eventId} and sf.sensitive
    )`;
  },
  async eventIdsWithFields(db: Db, eventIds: string[]) {
    if (eventIds.length === 0) return [];
    return db.select().from(customFields).where(inArray(customFields.eventId, eventIds));
  },
};

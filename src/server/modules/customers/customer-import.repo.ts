import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ExistingCustomer, PlannedCustomer } from '@core/index';
import type { Db } from '../../db/client';

/** Rows per statement: a few hundred kB of parameters, and 20 statements for the largest file. */
export const IMPORT_CHUNK = 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const chunks = <T>(list: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / IMPORT_CHUNK) }, (_, i) =>
    list.slice(i * IMPORT_CHUNK, (i + 1) * IMPORT_CHUNK),
  );
/** One array parameter (sql.param), not a list of parameters. */
const param = <T>(list: T[]) => sql.param(list);

export const customerImportRepo = {
  /**
   * The business's customers a file can match (find_customer's rule): by address, by phone, or by
   * name among those with neither; in the order they were made, earliest first.
   */
  async matching(
    db: Db,
    businessId: string,
    keys: { emails: string[]; phones: string[]; names: string[] },
  ): Promise<ExistingCustomer[]> {
    const rows = rowsOf<{
      id: string;
      name: string;
      email: string | null;
      phone: string | null;
      birth_date: string | null;
      tags: string[];
    }>(
      await db.execute(sql`
        select id, name, email, phone, birth_date::text as birth_date, tags from customers
        where business_id = ${businessId} and (
          email_key = any(${param(keys.emails)}::text[])
          or phone = any(${param(keys.phones)}::text[])
          or (email_key is null and phone is null and lower(btrim(name)) = any(${param(keys.names)}::text[])))
        order by created_at, id`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      birthDate: r.birth_date,
      tags: r.tags ?? [],
    }));
  },

  /**
   * New customers, a chunk per statement; answers each one's id in the order given. Marketing
   * consent stays false (the column's default): an imported list says nothing about consent. A
   * booking that made the same address's customer since the file was read meets the unique index:
   * that customer is merged into as the plan would have (empty fields filled, labels added).
   */
  async insert(db: Db, businessId: string, list: readonly PlannedCustomer[], now: Date): Promise<string[]> {
    const ids: string[] = [];
    const at = now.toISOString();
    for (const chunk of chunks(list)) {
      // The ids are made here, so each row's is known without relying on RETURNING's order.
      const made = chunk.map(() => randomUUID());
      const rows = rowsOf<{ id: string; email_key: string | null }>(
        await db.execute(sql`
          insert into customers as c (id, business_id, name, email, phone, birth_date, tags, created_at, updated_at)
          select u.id, ${businessId}::uuid, u.name, u.email, u.phone, u.birth_date,
                 array(select jsonb_array_elements_text(u.tags::jsonb)), ${at}::timestamptz, ${at}::timestamptz
          from unnest(${param(made)}::uuid[], ${param(chunk.map((p) => p.name))}::text[], ${param(chunk.map((p) => p.email))}::text[],
                      ${param(chunk.map((p) => p.phone))}::text[], ${param(chunk.map((p) => p.birthDate))}::date[],
                      ${param(chunk.map((p) => JSON.stringify(p.tags)))}::text[])
               as u(id, name, email, phone, birth_date, tags)
          on conflict (business_id, email_key) where email_key is not null do update set
            phone = coalesce(c.phone, excluded.phone),
            birth_date = coalesce(c.birth_date, excluded.birth_date),
            tags = (c.tags || array(select t from unnest(excluded.tags) t where t <> all(c.tags)))[1:20],
            updated_at = excluded.updated_at
          returning id, email_key`),
      );
      // A row that met an existing address answers that customer's id: found by the address.
      const byKey = new Map(rows.flatMap((r) => (r.email_key ? [[r.email_key, r.id] as const] : [])));
      chunk.forEach((p, i) => ids.push((p.email && byKey.get(p.email.trim().toLowerCase())) || made[i]!));
    }
    return ids;
  },

  /** Fills the empty fields the plan filled and sets its labels, a chunk per statement. */
  async update(db: Db, businessId: string, list: readonly PlannedCustomer[], now: Date): Promise<void> {
    for (const chunk of chunks(list)) {
      await db.execute(sql`
        update customers c set
          email = coalesce(c.email, u.email),
          phone = coalesce(c.phone, u.phone),
          birth_date = coalesce(c.birth_date, u.birth_date),
          tags = array(select jsonb_array_elements_text(u.tags::jsonb)),
          updated_at = ${now.toISOString()}::timestamptz
        from unnest(${param(chunk.map((p) => p.id))}::uuid[], ${param(chunk.map((p) => p.email))}::text[],
                    ${param(chunk.map((p) => p.phone))}::text[], ${param(chunk.map((p) => p.birthDate))}::date[],
                    ${param(chunk.map((p) => JSON.stringify(p.tags)))}::text[])
             as u(id, email, phone, birth_date, tags)
        where c.id = u.id and c.business_id = ${businessId}`);
    }
  },

  /**
   * The notes, written by the importing member; a note the customer already has word for word is
   * not added again (importing a file twice adds none). Answers how many were added.
   */
  async addNotes(
    db: Db,
    businessId: string,
    notes: readonly { customerId: string; text: string }[],
    by: { memberId: string | null; memberName: string | null },
    now: Date,
  ): Promise<number> {
    let added = 0;
    for (const chunk of chunks(notes)) {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into customer_notes (customer_id, business_id, text, member_id, member_name, created_at, updated_at)
          select u.customer_id, ${businessId}::uuid, u.text, ${by.memberId}::uuid, ${by.memberName},
                 ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from unnest(${param(chunk.map((n) => n.customerId))}::uuid[], ${param(chunk.map((n) => n.text))}::text[])
               as u(customer_id, text)
          where not exists (
            select 1 from customer_notes n where n.customer_id = u.customer_id and n.text = u.text)
          returning id`),
      );
      added += rows.length;
    }
    return added;
  },
};

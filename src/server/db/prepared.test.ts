import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases';
import type { Db } from './client';
import { placeholderRow, preparedByShape, rawSql, rawValues, rowShape, rowValues } from './prepared';

const rows = pgTable('prepared_shape_rows', {
  id: integer('id').primaryKey(),
  label: text('label').notNull().default('none'),
  doc: jsonb('doc').$type<Record<string, unknown>>(),
  tags: text('tags').array(),
  ok: boolean('ok'),
  at: timestamp('at', { withTimezone: true }),
});
type Row = typeof rows.$inferInsert;

describe.each(dbKinds())('statements prepared by shape (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await db.execute(sql`create table prepared_shape_rows (
      id int primary key, label text not null default 'none', doc jsonb, tags text[], ok boolean, at timestamptz)`);
  });
  afterAll(() => database.destroy());

  /** Inserts `batch` through a prepared statement of its shape and returns the rows as stored. */
  const insertPrepared = (statements: ReturnType<typeof preparedByShape<Prepared>>, batch: Row[]) => {
    const shape = batch.map(rowShape).join('|');
    const statement = statements(db, shape, (handle, name) => {
      const query = handle
        .insert(rows)
        .values(batch.map((row, i) => placeholderRow(row, `r${i}_`)))
        .returning();
      return name ? query.prepare(name) : query;
    });
    const values: Record<string, unknown> = {};
    batch.forEach((row, i) => rowValues(row, `r${i}_`, values));
    return { statement, stored: statement.execute(values) };
  };
  type Prepared = { execute(values: Record<string, unknown>): Promise<Array<typeof rows.$inferSelect>> };

  it('stores what a plain Drizzle insert stores, left-out values taking their defaults', async () => {
    const statements = preparedByShape<Prepared>('shape_test_equal');
    const at = new Date('2026-11-25T09:15:00.000Z');
    const full = (id: number): Row => ({
      id,
      label: 'x',
      doc: { a: [1, 'b'] },
      tags: ['p', 'q r'],
      ok: true,
      at,
    });
    const sparse = (id: number): Row => ({ id, doc: undefined, ok: false });
    const mine = await insertPrepared(statements, [full(1), sparse(2)]).stored;
    const theirs = await db
      .insert(rows)
      .values([full(11), sparse(12)])
      .returning();
    expect(mine.map((r) => ({ ...r, id: r.id + 10 }))).toEqual(theirs);
    expect(mine[1]).toMatchObject({ label: 'none', doc: null, ok: false });
  });

  it('builds a shape once per database handle and another shape under another name', async () => {
    const statements = preparedByShape<Prepared>('shape_test_reuse');
    const first = insertPrepared(statements, [{ id: 21, label: 'a' }]);
    const again = insertPrepared(statements, [{ id: 22, label: 'b' }]);
    const other = insertPrepared(statements, [{ id: 23, label: 'c', ok: true }]);
    await Promise.all([first.stored, again.stored, other.stored]);
    expect(again.statement).toBe(first.statement);
    expect(other.statement).not.toBe(first.statement);
    // A transaction is a handle of its own: its statement is built there, with the same text and name.
    const names: Array<string | undefined> = [];
    await db.transaction(async (tx) => {
      statements(tx, 'id,label', (_, name) => (names.push(name), first.statement));
      statements(tx, 'id,label', (_, name) => (names.push(name), first.statement));
    });
    expect(names).toEqual(['shape_test_reuse_0']);
    const labels = await db
      .select({ label: rows.label })
      .from(rows)
      .where(sql`${rows.id} between 21 and 23`)
      .orderBy(rows.id);
    expect(labels.map((r) => r.label)).toEqual(['a', 'b', 'c']);
  });

  it('past its limit builds a new shape unnamed for its one call', async () => {
    const statements = preparedByShape<Prepared>('shape_test_limit', 1);
    await insertPrepared(statements, [{ id: 31 }]).stored;
    const names: Array<string | undefined> = [];
    const build = (_: Db, name: string | undefined) => (names.push(name), {} as Prepared);
    statements(db, 'other', build);
    statements(db, 'other', build);
    expect(names).toEqual([undefined, undefined]);
  });

  it('runs raw text with placeholders as it runs with plain parameters', async () => {
    const statement = {
      text: 'select $1::int + $2::int as sum, $3::jsonb as doc',
      values: [2, 3, '{"a":1}'],
    };
    const values: Record<string, unknown> = {};
    rawValues(statement, 'p', values);
    const query = db
      .select({ sum: sql<number>`sum`, doc: sql`doc` })
      .from(sql`(${rawSql(statement, 'p')}) as raw`)
      .prepare('raw_placeholders_test');
    const plain = (await db.execute(rawSql(statement))) as unknown as { rows: unknown[] };
    expect(await query.execute(values)).toEqual(plain.rows);
  });
});

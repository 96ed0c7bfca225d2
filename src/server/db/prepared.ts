import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A hot read prepared once per database handle (the app's, or a transaction's) under one statement
 * name: Drizzle builds its SQL text once per handle, and PostgreSQL parses and plans it once per
 * connection instead of on every call. PGlite has no named statements, so there it saves the building
 * only. `build` must give the same SQL text for every handle: PostgreSQL's connections know the
 * statement by its name (docs/decisions/010-prepared-hot-reads.md).
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) byDb.set(db, (query = build(db)));
    return query;
  };
}

/** A statement as pg-style text with `$n` parameters and their values (pg-boss builds these). */
export interface RawStatement {
  text: string;
  values: unknown[];
}

/**
 * A raw statement as Drizzle SQL. With `prefix`, parameter n is the placeholder `${prefix}${n}`
 * (its value: rawValues); without it, each is a plain parameter.
 */
export function rawSql({ text, values }: RawStatement, prefix?: string): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => {
      if (i % 2 === 0) return sql.raw(part);
      if (prefix) return sql`${sql.placeholder(prefix + part)}`;
      return sql`${sql.param(values[Number(part) - 1] ?? null)}`; // sql.param keeps an array one parameter
    }),
    sql.raw(''),
  );
}

/** The values of rawSql's placeholders with `prefix`, put into `into`. */
export function rawValues({ values }: RawStatement, prefix: string, into: Record<string, unknown>) {
  values.forEach((value, i) => (into[`${prefix}${i + 1}`] = value ?? null));
}

/**
 * A row to insert with each defined value replaced by the placeholder `${prefix}${column}` (its value:
 * rowValues). Undefined values are left out, as Drizzle leaves them out (the column's default), so
 * rows that set the same columns give the same SQL text.
 */
export function placeholderRow<T extends object>(row: T, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    if (value !== undefined) out[key] = sql.placeholder(prefix + key);
  return out as T;
}

/** The values of placeholderRow's placeholders with `prefix`, put into `into`. */
export function rowValues(row: object, prefix: string, into: Record<string, unknown>) {
  for (const [key, value] of Object.entries(row)) if (value !== undefined) into[prefix + key] = value;
}

/** The columns a row sets (placeholderRow's shape), for the key of a prepared statement. */
export const rowShape = (row: object) =>
  Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .join(',');

/**
 * Statements whose SQL text follows the shape of their arguments (which columns, how many rows),
 * each prepared per shape and database handle under a name of its own (`${prefix}_${n}`), like
 * preparedPerDb. Past `limit` shapes a new shape is not kept: it is built for its one call, unnamed.
 */
export function preparedByShape<Q>(prefix: string, limit = 200) {
  const shapes = new Map<string, { name: string; byDb: WeakMap<Db, Q> }>();
  return (db: Db, shape: string, build: (db: Db, name: string | undefined) => Q): Q => {
    let kept = shapes.get(shape);
    if (!kept) {
      if (shapes.size >= limit) return build(db, undefined);
      kept = { name: `${prefix}_${shapes.size}`, byDb: new WeakMap() };
      shapes.set(shape, kept);
    }
    let query = kept.byDb.get(db);
    // Built by this call's `build`: a shape's first caller's arguments are not kept alive.
    if (!query) kept.byDb.set(db, (query = build(db, kept.name)));
    return query;
  };
}

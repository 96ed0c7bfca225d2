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

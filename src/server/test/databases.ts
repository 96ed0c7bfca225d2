import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../db/client';
import { scratchDatabase } from './scratch-postgres';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dbKinds = (): DbKind[] => (inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite']);

export interface TestDatabase extends Database {
  /** PostgreSQL only: its connection string, for a second app instance on the same database. */
  url?: string;
  /** Closes and removes the database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const image = new Blob([readFileSync(inject('pgliteImage'))]);
    const client = new PGlite({ loadDataDir: image, extensions: pgliteExtensions });
    await client.waitReady;
    const database = openPglite({ client });
    return { ...database, destroy: () => database.close() };
  }
  const template = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template || !adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Named after the run's template, so the run's teardown finds what a crashed file left behind.
  const scratch = await scratchDatabase(adminUrl, `apt_t_${template.slice('apt_tpl_'.length)}`, template);
  const database = openPostgres(scratch.url, 20);
  return {
    ...database,
    url: scratch.url,
    destroy: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Raw rows of a SQL query; both drivers answer `{ rows }`. For assertions on stored data. */
export async function queryRows<T>(
  database: Database,
  query: Parameters<Database['db']['execute']>[0],
): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

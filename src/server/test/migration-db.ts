/**
 * What a migration test needs (db/migration-00NN.test.ts): a copy of the migrations folder as it was
 * before one migration, and an empty database of either kind to run it on.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../db/client';
import type { DbKind } from './databases';
import { scratchDatabase } from './scratch-postgres';

/** The migrations folder with the journal cut before migration `idx`, whose tag must be `tag`. */
export function migrationsBefore(idx: number, tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  expect(journal.entries[idx]?.tag).toBe(tag);
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A raw connection to an empty database of either kind that can run a migrations folder. */
export interface RawDatabase {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function emptyDatabase(kind: DbKind): Promise<RawDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: pgliteExtensions });
    await client.waitReady;
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('TEST_DATABASE_URL is not set');
  // Named like the run's per-file databases (databases.ts), so the run's teardown removes a leftover.
  const scratch = await scratchDatabase(adminUrl, `apt_t_${template.slice('apt_tpl_'.length)}`);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // As in db/client.ts: an idle connection that errors (the server ended it) must not become an
  // unhandled error of the test file; a query on it still fails its test.
  pool.on('error', () => {});
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

/**
 * Inserts an owner the way the schema of the moment stores one: before migration 0025 the users row
 * held the password; from then on the business row has none (the login is a member).
 */
export async function insertOwnerRow(db: RawDatabase, username: string, createdAt: string): Promise<string> {
  const [column] = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'password'`,
  );
  const [row] = await db.query<{ id: string }>(
    column!.n > 0
      ? `insert into users (username, password, created_at) values ($1, 'x', $2) returning id`
      : `insert into users (username, created_at) values ($1, $2) returning id`,
    [username, createdAt],
  );
  return row!.id;
}

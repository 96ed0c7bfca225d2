import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, queryRows, type TestDatabase } from '../test/databases';
import * as schema from './schema';

/**
 * Every stored time the app reads back or orders by comes from the app's one clock (the clock the
 * app is built with: `createServices`' clock, TEST_TODAY's in tests), never from the database's:
 * the two differ under a test's clock and whenever the database server's clock drifts, and a mix of
 * them put a paid booking's history out of order. So no time column has a default of its own.
 * A column may only be listed here with its reason in docs/decisions/015-app-clock-for-stored-times.md.
 * pg-boss's tables (schema `pgboss`) are pg-boss's and not checked.
 */
const ALLOWED: Record<string, string> = {
  'bookings.blocked_from':
    'computed by a trigger from starts_at and the buffers; the default only sends NULL',
  'bookings.blocked_to': 'computed by a trigger from ends_at and the buffers; the default only sends NULL',
};

/** The time-like columns with a default, as `table.column`: a database default or Drizzle's `$defaultFn`. */
function defaultedTimeColumns(tables: PgTable[]): string[] {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns
      .filter((c) => c.dataType === 'date' || /Timestamp|Date|Time/.test(c.columnType))
      .filter((c) => c.hasDefault || c.defaultFn !== undefined || c.onUpdateFn !== undefined)
      .map((c) => `${config.name}.${c.name}`);
  });
}

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

describe('stored times come from the app clock', () => {
  it('gives no time column of the schema a default', () => {
    expect(tables.length).toBeGreaterThan(10);
    const found = defaultedTimeColumns(tables).filter((c) => !(c in ALLOWED));
    expect(found, 'set these times from the app clock (deps.now) instead of a default').toEqual([]);
  });

  it('lists only columns that exist and still have a default', () => {
    expect(defaultedTimeColumns(tables)).toEqual(expect.arrayContaining(Object.keys(ALLOWED)));
  });

  it('catches defaultNow(), a SQL now() default and $defaultFn on a time column', () => {
    const probe = pgTable('probe', {
      a: timestamp('a', { withTimezone: true }).notNull().defaultNow(),
      b: timestamp('b', { withTimezone: true }).default(sql`now()`),
      c: timestamp('c', { withTimezone: true }).$defaultFn(() => new Date()),
      d: timestamp('d', { withTimezone: true }).notNull(),
      e: text('e').notNull().default('x'),
    });
    expect(defaultedTimeColumns([probe])).toEqual(['probe.a', 'probe.b', 'probe.c']);
  });
});

describe.each(dbKinds())('migrated database on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('has no column defaulting to the database clock (hand-written migrations included)', async () => {
    const rows = await queryRows<{ name: string; column_default: string }>(
      database,
      sql`select table_name || '.' || column_name as name, column_default
            from information_schema.columns
           where table_schema = 'public' and column_default is not null
             and (data_type in ('date', 'time with time zone', 'time without time zone',
                                'timestamp with time zone', 'timestamp without time zone')
                  or column_default ~* '(now\\(|current_(date|time)|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)')
           order by 1`,
    );
    expect(rows.filter((r) => !(r.name in ALLOWED))).toEqual([]);
  });

  it('sets no time in a trigger or function from the database clock', async () => {
    const rows = await queryRows<{ name: string }>(
      database,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'
             and p.prosrc ~* '(now\\(|current_(date|time)|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)'
           order by 1`,
    );
    expect(rows).toEqual([]);
  });
});

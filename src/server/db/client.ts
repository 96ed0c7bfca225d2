import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { withNamedStatements } from './pglite-named-statements';

export type Schema = typeof schema;
/** Both drivers speak the PostgreSQL dialect; repositories only see this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  ping(): Promise<void>;
  /** Applies the generated SQL migrations (identical on both databases). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other app instance runs its own start-up step on this database (the lock the
   * migrations take). pg-boss creates its schema with CREATE … IF NOT EXISTS, which two instances
   * starting together on an empty database cannot both run (duplicate key on pg_namespace).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Raw SQL for the job queue (pg-boss's `executeSql` contract). Without parameters the text may
   * hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Listens to `channel` (NOTIFY, delivered at commit): `message` gets each payload; `reset` is called
   * whenever messages may have been missed (the listening connection was lost), after which the
   * subscription is not `live` until it listens again. Closed with the database.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): Subscription;
  close(): Promise<void>;
}

export interface SubscriptionHandlers {
  message(payload: string): void;
  reset(): void;
}

export interface Subscription {
  /** Listening now: every commit from here on reaches `message`. */
  readonly live: boolean;
  /**
   * Resolves once every notification of a transaction that committed before this call has reached
   * `message`; rejects when that cannot be known (not listening).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export const pgliteExtensions = { btree_gist, intarray, pg_trgm };

/** Opens PGlite on a directory (or an existing PGlite instance, used by tests). */
export function openPglite(source: { dataDir: string } | { client: PGlite }): Database {
  let client: PGlite;
  if ('client' in source) {
    client = source.client;
  } else {
    mkdirSync(source.dataDir, { recursive: true });
    client = new PGlite(source.dataDir, { extensions: pgliteExtensions });
  }
  // Statements keep their Parse by name (pglite-named-statements.ts); migrations use the plain client.
  const named = withNamedStatements(client);
  const db = drizzlePglite({ client: named as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    subscribe: (channel, handlers) => pgliteSubscription(client, channel, handlers),
    db,
    // One process owns an embedded database: nothing to exclude.
    exclusive: (fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    executeSql: async (text, values) => {
      if (values?.length) return named.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (err) {
        // One connection serves everyone here: a failed multi-statement transaction must not leave
        // it inside an aborted transaction for the next caller.
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => {});
        throw err;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Ceilings towards PostgreSQL (docs/decisions/016-database-faults.md): a connection that is not
 * established in 5 s, or a statement the server has not finished in 10 s, fails (a 503 for the
 * request) instead of holding a request and a pool slot for as long as TCP takes to give up. The
 * client-side read timeout catches a server that stopped answering altogether (a network cut). The
 * slow CSV export reads in keyset batches, each a short statement. Migrations run on a connection of
 * their own without the ceiling: an index build may take longer.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_STATEMENT_TIMEOUT_MS = 10_000;
const PG_READ_MARGIN_MS = 5_000;

export function openPostgres(
  connectionString: string,
  poolSize = 10,
  { statementTimeoutMs = PG_STATEMENT_TIMEOUT_MS } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + PG_READ_MARGIN_MS,
    keepAlive: true,
  });
  // An idle client that errors (e.g. the server restarted) must not crash the process.
  pool.on('error', () => {});
  const pingPool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + PG_READ_MARGIN_MS,
    keepAlive: true,
  });
  pingPool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // Several instances may start together against one server: one runs its start-up steps at a time.
  // The session lock is held on a connection of its own; `fn` may use the rest of the pool.
  async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock(7236001)');
      return await fn();
    } finally {
      await conn.query('select pg_advisory_unlock(7236001)').catch(() => {});
      conn.release();
    }
  }
  const subscriptions = new Set<Subscription>();
  return {
    kind: 'postgres',
    db,
    subscribe: (channel, handlers) => {
      const sub = postgresSubscription(connectionString, channel, handlers, () => subscriptions.delete(sub));
      subscriptions.add(sub);
      return sub;
    },
    // Readiness asks whether the database answers, not whether a pool connection is free: under a
    // burst every one of the pool's connections is busy, and `/readyz` would fail an instance
    // that is working at full speed. So it has a connection of its own.
    ping: async () => {
      await pingPool.query('select 1');
    },
    migrate: () =>
      exclusive(async () => {
        const conn = new pg.Client({ connectionString, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
        await conn.connect();
        try {
          await migratePg(drizzlePg({ client: conn }), { migrationsFolder });
        } finally {
          await conn.end().catch(() => {});
        }
      }),
    exclusive,
    executeSql: (text, values) => pool.query(text, values),
    close: async () => {
      await Promise.all([...subscriptions].map((sub) => sub.close()));
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
}

/**
 * One process owns PGlite and its one connection: a notification reaches the callback with the answer
 * to the statement that committed, before the writer's promise resolves, so there is nothing to wait
 * for and nothing to lose.
 */
function pgliteSubscription(client: PGlite, channel: string, handlers: SubscriptionHandlers): Subscription {
  let live = false;
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  void client
    .listen(channel, (payload) => handlers.message(payload))
    .then((stop) => {
      unlisten = stop;
      if (closed) return stop();
      live = true;
    })
    .catch(() => {});
  return {
    get live() {
      return live && !client.closed;
    },
    sync: () => (live && !client.closed ? Promise.resolve() : Promise.reject(new Error('not listening'))),
    close: async () => {
      closed = true;
      live = false;
      if (unlisten && !client.closed) await unlisten().catch(() => {});
    },
  };
}

/**
 * A connection of its own that LISTENs. `sync` is a read barrier: PostgreSQL signals every listener
 * while a commit is under way and a listening connection hands its pending notifications out before
 * it answers a query, so once a `select 1` sent after a commit has been answered, that commit's
 * notification has been delivered. Concurrent callers share the barrier in flight or the next one.
 * A lost connection resets (everything may have been missed) and reconnects after a second.
 */
function postgresSubscription(
  connectionString: string,
  channel: string,
  handlers: SubscriptionHandlers,
  onClosed: () => void,
): Subscription {
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let inflight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    live = false;
    handlers.reset();
    conn.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, 1000);
  };
  async function connect() {
    retry = undefined;
    const conn = new pg.Client({ connectionString });
    client = conn;
    conn.on('error', () => lost(conn));
    conn.on('end', () => lost(conn));
    conn.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await conn.connect();
      await conn.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client !== conn || closed) return;
      // Whatever was cached before this point may have missed a notification.
      handlers.reset();
      live = true;
    } catch {
      lost(conn);
    }
  }
  function barrier(): Promise<void> {
    const conn = client;
    if (!live || !conn) return Promise.reject(new Error('not listening'));
    return conn.query('select 1').then(() => {
      // Answered by a connection that was lost meanwhile: its notifications may be incomplete.
      if (client !== conn || !live) throw new Error('not listening');
    });
  }
  function sync(): Promise<void> {
    if (!inflight) {
      inflight = barrier().finally(() => (inflight = undefined));
      return inflight;
    }
    // The barrier in flight may have been sent before the caller's commit: wait for the next one.
    next ??= inflight
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  }
  void connect();
  return {
    get live() {
      return live;
    },
    sync,
    close: async () => {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const conn = client;
      client = undefined;
      onClosed();
      await conn?.end().catch(() => {});
    },
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Database {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** PostgreSQL error code of a driver error, looking through Drizzle's wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_EXCLUSION_VIOLATION = '23P01';
export const PG_CHECK_VIOLATION = '23514';

/** The constraint a driver error names (node-postgres and PGlite alike), looking through Drizzle's wrapping. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A write refused because a class has no places left for it (class_sessions_seats_left, migration 0030). */
export const isClassFull = (err: unknown) =>
  pgErrorCode(err) === PG_CHECK_VIOLATION && pgConstraint(err) === 'class_sessions_seats_left';

import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  // The query's own promise carries a failure; the event must not become an unhandled error.
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (optionally cloned from `template`),
 * for one test file, test or benchmark; `drop` removes it even while connections remain.
 */
export async function scratchDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../db/client';
import { createJobQueue } from '../jobs/job-queue';
import { scratchDatabase } from './scratch-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
    postgresTemplate: string | null;
  }
}

/** Our migrations plus the job queue's schema and queues, as `npm start` leaves a database. */
async function prepare(database: Database) {
  await database.migrate();
  const jobs = createJobQueue(database, pino({ level: 'silent' }));
  await jobs.install();
  await jobs.stop();
}

/**
 * Migrates once per run: a PGlite data-dir image that each test file loads (~0.5 s instead of ~4 s
 * initdb), and, with TEST_DATABASE_URL, a PostgreSQL template database each file clones.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'afspraak-test-'));
  const client = new PGlite({ extensions: pgliteExtensions });
  const lite = openPglite({ client });
  await prepare(lite);
  const image = path.join(dir, 'pglite.tar.gz');
  writeFileSync(image, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await lite.close();
  project.provide('pgliteImage', image);

  let template: string | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'apt_tpl');
    template = scratch.name;
    const db = openPostgres(scratch.url, 2);
    await prepare(db);
    await db.close();
  }
  project.provide('postgresTemplate', template);
  console.log(
    `Database suites run on: PGlite${template ? ` and PostgreSQL (${template})` : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
  );

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        // Drop this run's template and any per-file database a crashed file of this run left behind
        // (named after the template, see databases.ts); other runs on the same server keep theirs.
        const run = template.slice('apt_tpl_'.length);
        const { rows } = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname = $1 or datname ~ $2`,
          [template, `^apt_t_${run}_[0-9a-f]+$`],
        );
        for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.end();
      }
    }
  };
}
